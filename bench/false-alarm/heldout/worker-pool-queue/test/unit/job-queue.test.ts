import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobQueue, simulate } from '../../src/job-queue.ts';

test('one worker runs the jobs in order', async () => {
  const q = new JobQueue(simulate, 1);
  q.add({ id: 1, cost: 2 }, { id: 2, cost: 1 }, { id: 3, cost: 1 });
  const results = await q.run();
  assert.deepEqual(results.map((r) => r.id), [1, 2, 3]);
  assert.equal(q.maxActive, 1);
});

test('an empty queue finishes at once', async () => {
  const q = new JobQueue(simulate, 3);
  assert.deepEqual(await q.run(), []);
});

test('a failing job is recorded and the worker goes on', async () => {
  const q = new JobQueue(simulate, 1);
  q.add({ id: 1, cost: -1 }, { id: 2, cost: 1 });
  const results = await q.run();
  assert.deepEqual(results.map((r) => r.output), ['failed: bad cost -1', 'job 2 done']);
});
