import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Downloader } from '../../src/downloader.ts';
import { Origin } from '../../src/origin.ts';

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://example.test/file-${i}`);

test('six downloads run two at a time, never more', async () => {
  const origin = new Origin();
  const d = new Downloader(origin);
  const results = await d.downloadAll(urls(6));
  assert.deepEqual(results.map((r) => r.url), urls(6));
  assert.equal(origin.maxOpen, 2, 'the semaphore has two permits and the downloads are slow: two run at once');
  assert.equal(d.maxBusy, 2);
  assert.equal(d.free(), 2);
});

test('two slot holders meet inside: each waits until the other has arrived', async () => {
  const d = new Downloader(new Origin());
  let arrived = 0;
  let bothArrived!: () => void;
  const rendezvous = new Promise<void>((resolve) => (bothArrived = resolve));
  const meet = (name: string) =>
    d.withSlot(async () => {
      arrived++;
      if (arrived === 2) bothArrived();
      await rendezvous;
      return name;
    });
  assert.deepEqual(await Promise.all([meet('left'), meet('right')]), ['left', 'right']);
  assert.equal(d.free(), 2);
});

test('a large download never shares the origin with a small one', async () => {
  const origin = new Origin();
  const d = new Downloader(origin);
  await Promise.all([
    d.download('https://example.test/a'),
    d.downloadLarge('https://example.test/big.iso'),
    d.download('https://example.test/b'),
    d.download('https://example.test/c'),
  ]);
  assert.deepEqual(d.largeRunningWith, [2], 'while the large one ran, the busy weight was its own 2');
  assert.ok(d.maxBusy <= 2);
  assert.equal(d.free(), 2);
});

test('a failing download does not block the others', async () => {
  const d = new Downloader(new Origin());
  const results = await Promise.allSettled([
    d.download('https://example.test/missing'),
    d.download('https://example.test/ok-1'),
    d.download('https://example.test/ok-2'),
  ]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'fulfilled', 'fulfilled']);
  assert.equal(d.free(), 2);
});
