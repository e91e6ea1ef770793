import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Barrier, CountDownLatch } from '../../src/sync.ts';
import { wordCount } from '../../src/word-count.ts';

test('a latch with count 0 is open', async () => {
  const latch = new CountDownLatch(0);
  await latch.wait();
  assert.equal(latch.count, 0);
});

test('a latch opens after its count', async () => {
  const latch = new CountDownLatch(2);
  latch.countDown();
  assert.equal(latch.count, 1);
  latch.countDown();
  latch.countDown();
  await latch.wait();
  assert.equal(latch.count, 0);
});

test('a one-party barrier lets each arrival through with the next generation', async () => {
  const b = new Barrier(1);
  assert.equal(await b.arrive(), 0);
  assert.equal(await b.arrive(), 1);
  assert.throws(() => new Barrier(0), RangeError);
});

test('word count of a single chunk', async () => {
  const { counts } = await wordCount(['to be or not to be']);
  assert.deepEqual(Object.fromEntries(counts), { to: 2, be: 2, or: 1, not: 1 });
});
