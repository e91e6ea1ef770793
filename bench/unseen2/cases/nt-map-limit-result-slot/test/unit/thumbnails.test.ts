import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLimit } from '../../src/map-limit.ts';
import { describe, fitInto, makeThumbnails, Resizer } from '../../src/thumbnails.ts';

test('fitInto keeps the aspect ratio and never enlarges', () => {
  assert.deepEqual(fitInto(1600, 1200, 160), { width: 160, height: 120 });
  assert.deepEqual(fitInto(600, 1200, 300), { width: 150, height: 300 });
  assert.deepEqual(fitInto(100, 50, 300), { width: 100, height: 50 });
});

test('mapLimit with one call at a time keeps the order', async () => {
  const out = await mapLimit([3, 1, 2], 1, async (n) => n * 10);
  assert.deepEqual(out, [30, 10, 20]);
});

test('mapLimit rejects a limit below one and handles no items', async () => {
  await assert.rejects(mapLimit([1], 0, async (n) => n), RangeError);
  assert.deepEqual(await mapLimit([], 4, async (n: number) => n), []);
});

test('thumbnails of a gallery, one resize at a time', async () => {
  const resizer = new Resizer();
  const thumbs = await makeThumbnails(resizer, [
    { name: 'beach.jpg', width: 1600, height: 1200 },
    { name: 'logo.png', width: 200, height: 100 },
  ], 160, 1);
  assert.equal(describe(thumbs), 'beach.jpg 160x120, logo.png 160x80');
  assert.equal(resizer.calls, 2);
});
