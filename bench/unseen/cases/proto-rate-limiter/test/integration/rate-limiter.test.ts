import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter } from '../../src/rate-limiter.cjs';
import { CounterStore } from '../../src/counter-store.cjs';

test('a burst of concurrent requests: exactly `limit` are let through', async () => {
  const limiter = new RateLimiter(new CounterStore(), { limit: 3, windowMs: 1_000, clock: () => 5_000 });
  const answers = await Promise.all(Array.from({ length: 6 }, () => limiter.tryAcquire('ann')));
  assert.equal(answers.filter(Boolean).length, 3);
  assert.equal(await limiter.remaining('ann'), 0);
});
