import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobStore } from '../../src/job-store.ts';
import { JobQueue, makeJobs, runWorker } from '../../src/job-queue.ts';

test('makeJobs numbers the jobs', () => {
  assert.deepEqual(makeJobs('mail', [5, 7]), [{ id: 'mail-1', payload: 5 }, { id: 'mail-2', payload: 7 }]);
});

test('one worker drains the queue in order', async () => {
  const store = new JobStore();
  const queue = new JobQueue(store);
  queue.enqueue(...makeJobs('img', [1, 2, 3]));
  const seen: string[] = [];
  assert.equal(await runWorker(queue, 'w1', async (job) => void seen.push(job.id)), 3);
  assert.deepEqual(seen, ['img-1', 'img-2', 'img-3']);
  assert.equal(queue.size, 0);
  assert.deepEqual([...store.states.values()], ['done', 'done', 'done']);
});
