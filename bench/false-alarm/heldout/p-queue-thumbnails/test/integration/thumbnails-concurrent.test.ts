import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/renderer.ts';
import { ThumbnailService } from '../../src/thumbnails.ts';

const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ image: `img-${i}.png`, size: 128 }));

test('ten thumbnails render two at a time and all come back in order', async () => {
  const renderer = new Renderer();
  const service = new ThumbnailService(renderer, 2);
  const thumbs = await service.requestAll(jobs(10));
  assert.deepEqual(thumbs, jobs(10).map((j) => `${j.image}@128px`));
  assert.equal(renderer.maxBusy, 2);
  assert.equal(service.done.length, 10);
});

test('drained waits for every queued job, also failing ones', async () => {
  const renderer = new Renderer();
  const service = new ThumbnailService(renderer, 2);
  void service.requestAll([...jobs(4), { image: 'bad.corrupt', size: 64 }, ...jobs(2)]);
  await service.drained();
  assert.equal(renderer.order.length, 7);
  assert.deepEqual(service.load(), { queued: 0, running: 0 });
  assert.equal(renderer.busy, 0);
});

test('urgent jobs queued while paused run before the others', async () => {
  const renderer = new Renderer();
  const service = new ThumbnailService(renderer, 1, false);
  const all = service.requestAll([
    { image: 'a.png', size: 64 },
    { image: 'b.png', size: 64 },
    { image: 'hero.png', size: 512, urgent: true },
    { image: 'c.png', size: 64 },
  ]);
  assert.deepEqual(service.load(), { queued: 4, running: 0 });
  service.start();
  await all;
  assert.deepEqual(renderer.order, ['hero.png', 'a.png', 'b.png', 'c.png']);
  assert.equal(renderer.maxBusy, 1);
});

test('pause stops new jobs from starting; start resumes them', async () => {
  const renderer = new Renderer();
  const service = new ThumbnailService(renderer, 2);
  service.pause();
  const all = service.requestAll(jobs(3));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(renderer.order.length, 0);
  service.start();
  await all;
  assert.equal(renderer.order.length, 3);
  assert.equal(renderer.maxBusy, 2);
});
