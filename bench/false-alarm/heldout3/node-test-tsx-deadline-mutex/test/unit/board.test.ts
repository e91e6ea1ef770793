import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobBoard } from '../../src/job-board.ts';
import { Mutex } from '../../src/mutex.ts';
import { deadlineIn, RateWindow, waitUntil } from '../../src/timing.ts';

test('the mutex runs a critical section and returns its value', async () => {
  const m = new Mutex();
  assert.equal(await m.run(async () => 42), 42);
  assert.equal(m.waiting, 0);
});

test('a throwing critical section releases the mutex', async () => {
  const m = new Mutex();
  await assert.rejects(m.run(() => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await m.run(() => 'next'), 'next');
});

test('the job board claims and completes jobs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'board-unit-'));
  try {
    const board = new JobBoard(join(dir, 'jobs.json'));
    await board.reset(['wash', 'dry']);
    assert.equal((await board.claim('w1'))?.title, 'wash');
    await board.complete(1, 'w1');
    assert.equal(await board.add('fold'), 3);
    assert.deepEqual((await board.jobs()).map((j) => [j.id, j.claimedBy, j.done]), [[1, 'w1', true], [2, null, false], [3, null, false]]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the rate window grants up to its limit at once', async () => {
  const w = new RateWindow(3, 1000);
  for (let i = 0; i < 3; i++) await w.acquire();
  assert.equal(w.granted.length, 3);
});

test('waitUntil returns true at once for a true condition, false after a past deadline', async () => {
  assert.equal(await waitUntil(() => true, deadlineIn(1000)), true);
  assert.equal(await waitUntil(() => false, new Date(Date.now() - 1)), false);
});
