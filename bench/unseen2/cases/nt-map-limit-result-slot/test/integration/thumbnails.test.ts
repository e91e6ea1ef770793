import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLimit } from '../../src/map-limit.ts';
import { makeThumbnails, Resizer, type Image } from '../../src/thumbnails.ts';

const gallery: Image[] = [
  { name: 'panorama.jpg', width: 4000, height: 1000 },
  { name: 'icon.png', width: 64, height: 64 },
  { name: 'portrait.jpg', width: 1200, height: 1800 },
  { name: 'banner.png', width: 1500, height: 300 },
  { name: 'photo.jpg', width: 2400, height: 1600 },
  { name: 'avatar.png', width: 256, height: 256 },
];

test('thumbnails come back in gallery order with three resizes at a time', async () => {
  const resizer = new Resizer();
  const thumbs = await makeThumbnails(resizer, gallery, 200, 3);
  assert.deepEqual(thumbs.map((t) => t.source), gallery.map((g) => g.name));
  assert.equal(resizer.calls, gallery.length);
});

test('two galleries resized at once each keep their order', async () => {
  const resizer = new Resizer();
  const other = [...gallery].reverse();
  const [a, b] = await Promise.all([makeThumbnails(resizer, gallery, 100, 2), makeThumbnails(resizer, other, 100, 4)]);
  assert.deepEqual(a.map((t) => t.source), gallery.map((g) => g.name));
  assert.deepEqual(b.map((t) => t.source), other.map((g) => g.name));
});

test('mapLimit returns every result in input order', async () => {
  const delays = [5, 1, 3, 0, 2];
  const out = await mapLimit(delays, 2, (ms) => new Promise<string>((resolve) => setTimeout(() => resolve(`done ${ms}`), ms)));
  assert.deepEqual(out, delays.map((ms) => `done ${ms}`));
});
