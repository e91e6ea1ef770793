import { test } from 'node:test';
import assert from 'node:assert/strict';
import LeaseLock from '../../src/lease-lock.cjs';
import { JobBoard, SchedulerNode, Settings } from '../../src/scheduler.ts';

test('takeDue removes due jobs up to the limit', () => {
  const board = new JobBoard(new LeaseLock());
  board.add('a', 10);
  board.add('b', 20);
  board.add('c', 5);
  assert.deepEqual(board.takeDue(15, 10).map((j) => j.id), ['a', 'c']);
  assert.deepEqual(board.takeDue(100, 10).map((j) => j.id), ['b']);
});

test('only one node gets the lease', async () => {
  const lock = new LeaseLock();
  const board = new JobBoard(lock);
  const a = new SchedulerNode('a', lock, board, new Settings());
  const b = new SchedulerNode('b', lock, board, new Settings());
  assert.equal(await a.campaign(10_000), true);
  assert.equal(await b.campaign(10_000), false);
  assert.equal(a.isLeader(), true);
  assert.equal(b.isLeader(), false);
});

test('the leader runs due jobs, a follower runs none', async () => {
  const lock = new LeaseLock();
  const board = new JobBoard(lock);
  board.add('send-digest', 0);
  board.add('rotate-keys', 0);
  const a = new SchedulerNode('a', lock, board, new Settings());
  const b = new SchedulerNode('b', lock, board, new Settings());
  await a.campaign(10_000);
  assert.equal(await b.tick(), 0);
  assert.equal(await a.tick(), 2);
  assert.deepEqual(board.executions, [
    { job: 'send-digest', node: 'a', holder: 'a' },
    { job: 'rotate-keys', node: 'a', holder: 'a' },
  ]);
});

test('an expired lease can be taken over', async () => {
  let now = 1_000;
  const lock = new LeaseLock(() => now);
  const board = new JobBoard(lock);
  const a = new SchedulerNode('a', lock, board, new Settings());
  const b = new SchedulerNode('b', lock, board, new Settings());
  await a.campaign(50);
  now += 60;
  assert.equal(await b.campaign(50), true);
  assert.equal(lock.term, 2);
  assert.equal(a.isLeader(), false);
});
