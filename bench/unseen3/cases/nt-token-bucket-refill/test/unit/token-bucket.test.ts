import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Journal, ManualClock } from '../../src/support.ts';
import { RateLimiter, TokenBucket, countAllowed } from '../../src/token-bucket.ts';

const options = { capacity: 2, refillEveryMs: 100 };

test('a full bucket allows a burst of its capacity', async () => {
  const bucket = new TokenBucket('ann', new ManualClock(), new Journal(), options);
  assert.equal(await bucket.tryTake(), true);
  assert.equal(await bucket.tryTake(), true);
  assert.equal(await bucket.tryTake(), false);
});

test('one token comes back per interval, and the refill is journaled', async () => {
  const clock = new ManualClock();
  const journal = new Journal();
  const bucket = new TokenBucket('ann', clock, journal, options);
  await bucket.tryTake();
  await bucket.tryTake();
  clock.advance(150);
  assert.equal(await bucket.tryTake(), true);
  assert.equal(await bucket.tryTake(), false);
  assert.equal(bucket.retryAfterMs(), 50);
  assert.deepEqual(journal.records, [{ key: 'ann', earned: 1, at: 150 }]);
});

test('a long pause refills up to the capacity only', async () => {
  const clock = new ManualClock();
  const limiter = new RateLimiter<string>(clock, new Journal(), options);
  await limiter.allow('bob');
  await limiter.allow('bob');
  clock.advance(1000);
  const results = [await limiter.allow('bob'), await limiter.allow('bob'), await limiter.allow('bob')];
  assert.deepEqual(results, [true, true, false]);
  assert.equal(countAllowed(results), 2);
});

test('clients have their own buckets', async () => {
  const limiter = new RateLimiter<string>(new ManualClock(), new Journal(), options);
  assert.equal(await limiter.allow('ann'), true);
  assert.equal(await limiter.allow('ann'), true);
  assert.equal(await limiter.allow('ann'), false);
  assert.equal(await limiter.allow('bob'), true);
  assert.notEqual(limiter.bucket('ann'), limiter.bucket('bob'));
});
