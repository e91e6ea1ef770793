import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Downloader } from '../../src/downloader.ts';
import { Origin } from '../../src/origin.ts';

test('download returns the body size', async () => {
  const d = new Downloader(new Origin());
  const result = await d.download('https://example.test/a');
  assert.deepEqual(result, { url: 'https://example.test/a', bytes: 'body of https://example.test/a'.length });
  assert.equal(d.free(), 2);
});

test('a failing download gives its slot back', async () => {
  const d = new Downloader(new Origin());
  await assert.rejects(d.download('https://example.test/missing'), /404/);
  assert.equal(d.free(), 2);
  assert.equal(d.busy, 0);
});

test('a large download takes both slots while it runs and gives them back', async () => {
  const d = new Downloader(new Origin());
  await d.downloadLarge('https://example.test/big.iso');
  assert.equal(d.maxBusy, 2);
  assert.equal(d.free(), 2);
});

test('downloads one after another never overlap', async () => {
  const origin = new Origin();
  const d = new Downloader(origin);
  for (const u of ['a', 'b', 'c']) await d.download(`https://example.test/${u}`);
  assert.equal(origin.maxOpen, 1);
});
