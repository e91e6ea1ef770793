import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobQueue, simulate } from '../../src/job-queue.ts';

const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, cost: 1 + ((i * 7) % 5) }));

test('nine jobs, three workers: every job once, three at a time', async () => {
  const q = new JobQueue(simulate, 3);
  q.add(...jobs(9));
  const results = await q.run();
  assert.deepEqual(results.map((r) => r.id).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (const [, n] of q.attempts) assert.equal(n, 1);
  assert.equal(q.maxActive, 3);
  assert.equal(q.pending(), 0);
});

test('every worker takes part', async () => {
  const q = new JobQueue(simulate, 3);
  q.add(...jobs(12));
  const results = await q.run();
  assert.deepEqual(new Set(results.map((r) => r.worker)), new Set([1, 2, 3]));
});

test('jobs added while the pool runs are picked up by the running workers', async () => {
  const q = new JobQueue(simulate, 2);
  q.add(...jobs(2));
  const done = q.run();
  q.add({ id: 100, cost: 1 }, { id: 101, cost: 1 });
  const results = await done;
  assert.deepEqual(results.map((r) => r.id).sort((a, b) => a - b), [1, 2, 100, 101]);
});

test('two pools on one handler do not share items', async () => {
  const seen: number[] = [];
  const handler = async (job: { id: number; cost: number }) => {
    seen.push(job.id);
    return simulate(job);
  };
  const a = new JobQueue(handler, 2);
  const b = new JobQueue(handler, 2);
  a.add(...jobs(4));
  b.add(...jobs(4).map((j) => ({ ...j, id: j.id + 10 })));
  await Promise.all([a.run(), b.run()]);
  assert.deepEqual(seen.sort((x, y) => x - y), [1, 2, 3, 4, 11, 12, 13, 14]);
});
