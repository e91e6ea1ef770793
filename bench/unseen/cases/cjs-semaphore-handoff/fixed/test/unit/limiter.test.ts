import { test } from 'node:test';
import assert from 'node:assert/strict';
import limiter from '../../src/limiter.cjs';

test('configure checks the limit', () => {
  assert.throws(() => limiter.configure(0), /positive/);
  limiter.configure(3);
  assert.deepEqual(limiter.stats(), { max: 3, active: 0, peak: 0, waiting: 0 });
});

test('tasks run one after the other return their values', async () => {
  limiter.configure(1);
  assert.equal(await limiter.run(() => 1), 1);
  assert.equal(await limiter.run(async () => 2), 2);
  await assert.rejects(limiter.run(() => Promise.reject(new Error('boom'))), /boom/);
  assert.deepEqual(limiter.stats(), { max: 1, active: 0, peak: 1, waiting: 0 });
});
