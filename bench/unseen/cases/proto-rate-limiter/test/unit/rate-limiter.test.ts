import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter, windowKey } from '../../src/rate-limiter.cjs';
import { CounterStore } from '../../src/counter-store.cjs';

test('windowKey buckets time', () => {
  assert.equal(windowKey('ann', 59_999, 60_000), 'rl:ann:0');
  assert.equal(windowKey('ann', 60_000, 60_000), 'rl:ann:1');
});

test('a client gets `limit` requests per window', async () => {
  let now = 1_000;
  const limiter = new RateLimiter(new CounterStore(), { limit: 2, windowMs: 1_000, clock: () => now });
  assert.equal(await limiter.tryAcquire('ann'), true);
  assert.equal(await limiter.remaining('ann'), 1);
  assert.equal(await limiter.tryAcquire('ann'), true);
  assert.equal(await limiter.tryAcquire('ann'), false);
  assert.equal(await limiter.tryAcquire('bob'), true);
  now = 2_000;
  assert.equal(await limiter.tryAcquire('ann'), true);
});
