import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Journal, ManualClock } from '../../src/support.ts';
import { RateLimiter, countAllowed } from '../../src/token-bucket.ts';

const options = { capacity: 2, refillEveryMs: 100 };

async function drained(key: string) {
  const clock = new ManualClock();
  const journal = new Journal();
  const limiter = new RateLimiter<string>(clock, journal, options);
  await limiter.allow(key);
  await limiter.allow(key);
  return { clock, journal, limiter };
}

test('a burst right after an interval gets the one token earned', async () => {
  const { clock, limiter } = await drained('ann');
  clock.advance(100);
  const results = await Promise.all([limiter.allow('ann'), limiter.allow('ann'), limiter.allow('ann')]);
  assert.equal(countAllowed(results), 1);
});

test('each refill is journaled once', async () => {
  const { clock, journal, limiter } = await drained('ann');
  clock.advance(250);
  await Promise.all([limiter.allow('ann'), limiter.allow('ann')]);
  assert.deepEqual(journal.records, [{ key: 'ann', earned: 2, at: 250 }]);
});

test('the allowance over a second of bursts stays within the rate', async () => {
  const { clock, limiter } = await drained('bob');
  let allowed = 0;
  for (let i = 0; i < 5; i++) {
    clock.advance(200);
    allowed += countAllowed(await Promise.all([limiter.allow('bob'), limiter.allow('bob'), limiter.allow('bob')]));
  }
  assert.equal(allowed, 10);
});

test('bursts of different clients do not affect each other', async () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter<string>(clock, new Journal(), options);
  const results = await Promise.all(['ann', 'bob', 'cy', 'ann', 'bob', 'cy'].map((k) => limiter.allow(k)));
  assert.deepEqual(results, [true, true, true, true, true, true]);
});
