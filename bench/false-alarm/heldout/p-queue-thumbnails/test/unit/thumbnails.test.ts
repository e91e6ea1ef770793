import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/renderer.ts';
import { ThumbnailService } from '../../src/thumbnails.ts';

test('request renders one thumbnail', async () => {
  const service = new ThumbnailService(new Renderer());
  assert.equal(await service.request({ image: 'cat.png', size: 64 }), 'cat.png@64px');
  assert.deepEqual(service.done, ['cat.png@64px']);
});

test('a corrupt image is recorded as failed', async () => {
  const service = new ThumbnailService(new Renderer());
  assert.equal(await service.request({ image: 'x.corrupt', size: 64 }), undefined);
  assert.deepEqual(service.failed, ['x.corrupt']);
  assert.deepEqual(service.load(), { queued: 0, running: 0 });
});

test('drained resolves at once on an empty queue', async () => {
  const service = new ThumbnailService(new Renderer());
  await service.drained();
  assert.deepEqual(service.load(), { queued: 0, running: 0 });
});
