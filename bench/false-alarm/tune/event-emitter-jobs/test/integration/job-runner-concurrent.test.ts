import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { JobRunner } from '../../src/job-runner.ts';

test('concurrent runs each get their own result', async () => {
  const runner = new JobRunner();
  const inputs = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
  const results = await Promise.all(inputs.map((input, i) => runner.run(input, 5 - i)));
  assert.deepEqual(results.map((r) => r.output), inputs.map((s) => s.toUpperCase()));
  assert.deepEqual(new Set(results.map((r) => r.id)).size, 5);
  assert.equal(runner.listeners(), 0);
});

test('a job that ends at once is not missed', async () => {
  const runner = new JobRunner();
  const results = await Promise.all([runner.run('x', 0), runner.run('y', 0), runner.run('z', 0)]);
  assert.deepEqual(results.map((r) => r.output), ['X', 'Y', 'Z']);
});

test('failures and successes side by side', async () => {
  const runner = new JobRunner();
  const results = await Promise.allSettled([runner.run('ok'), runner.run('boom'), runner.run('fine'), runner.run('boom')]);
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected']);
  assert.equal(runner.log.length, 4);
  assert.equal(runner.listeners(), 0);
});

test('a subscriber waiting on an event with events.once gets it', async () => {
  const runner = new JobRunner();
  const id = 'job-1';
  const seen = once(runner, `done:${id}`);
  runner.start('late');
  const [done] = await seen;
  assert.deepEqual(done, { id, output: 'LATE' });
});
