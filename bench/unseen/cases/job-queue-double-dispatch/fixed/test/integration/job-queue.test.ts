import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { JobStore } from '../../src/job-store.ts';
import { JobQueue, makeJobs, runWorker } from '../../src/job-queue.ts';

test('two workers share one queue: every job runs exactly once', async () => {
  const store = new JobStore();
  const queue = new JobQueue(store);
  const jobs = makeJobs('mail', [3, 1, 4, 1, 5, 9]);
  queue.enqueue(...jobs);
  const runs: string[] = [];
  const handle = async (job: { id: string; payload: number }) => {
    runs.push(job.id);
    await sleep(job.payload);
  };
  const counts = await Promise.all([runWorker(queue, 'w1', handle), runWorker(queue, 'w2', handle)]);
  assert.deepEqual(runs.slice().sort(), jobs.map((j) => j.id).sort());
  assert.equal(counts[0] + counts[1], jobs.length);
});
