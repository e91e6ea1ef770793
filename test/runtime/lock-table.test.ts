// lock-table.ts: holders, requests and the wait-for cycle the scheduler reports as a deadlock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LockTable, taskOf, type LockOwner } from '../../src/core/runtime/lock-table.ts';

let ids = 0;
const task = (): LockOwner => ({ id: ++ids, parent: undefined, exited: false, spawned: true });
const inner = (parent: LockOwner): LockOwner => ({ id: ++ids, parent, exited: false });

test('two tasks each holding the lock the other asks for form a cycle; its edges name task, activation, lock and holder', () => {
  const table = new LockTable<LockOwner>();
  const [t1, t2] = [task(), task()];
  const [a1, a2] = [inner(t1), inner(t2)];
  assert.equal(taskOf(a1), t1);
  table.acquired(a1, 1);
  table.acquired(a2, 2);
  assert.equal(table.holderCount(1), 1);
  table.requested(a1, 2);
  assert.equal(table.waitForCycle(new Set([a1]), () => 7), undefined, 'one request: no cycle');
  table.requested(a2, 1);
  assert.deepEqual(table.waitForCycle(new Set([a1, a2]), () => 7), [
    { t: t1.id, a: a1.id, s: 7, lock: 2, holder: t2.id },
    { t: t2.id, a: a2.id, s: 7, lock: 1, holder: t1.id },
  ]);
  // T2 gives up lock 2 (its request is forgotten when it resumes elsewhere): no cycle.
  table.forget(a2);
  assert.equal(table.waitForCycle(new Set([a1]), () => undefined), undefined);
});

test("a request of an activation that ended is stale unless it is still parked at the acquire (runExclusive's promise returned)", () => {
  const table = new LockTable<LockOwner>();
  const [t1, t2] = [task(), task()];
  table.acquired(t1, 1);
  table.acquired(t2, 2);
  table.requested(t1, 2);
  table.requested(t2, 1);
  t2.exited = true;
  assert.equal(table.waitForCycle(new Set([t1]), () => undefined), undefined);
  assert.equal(table.waitForCycle(new Set([t1, t2]), () => undefined)?.length, 2);
});

test("the lock's own grants make holders; a semaphore's holders leave one by one; a request waiting in the lock's queue outlives its requester", () => {
  const table = new LockTable<LockOwner>();
  const [t1, t2, t3] = [task(), task(), task()];
  table.requested(t1, 3);
  table.acquired(t1, 3);
  assert.equal(table.requestOf(t1), undefined, 'granted: no longer a request');
  table.acquired(t2, 3);
  assert.equal(table.holderCount(3), 2, 'a second holder (a semaphore)');
  table.released(t1, 3);
  assert.equal(table.holderCount(3), 1);
  // T3 asks (runExclusive) and returns at once: its request waits in the lock's queue, so a
  // cycle through it still counts although its activation ended.
  table.requested(t3, 3);
  table.queued(t3);
  t3.exited = true;
  table.acquired(t3, 4);
  table.requested(t2, 4);
  assert.equal(table.waitForCycle(new Set([t2]), () => undefined)?.length, 2);
  table.released(t2, 3);
  assert.equal(table.holderCount(3), 0);
});
