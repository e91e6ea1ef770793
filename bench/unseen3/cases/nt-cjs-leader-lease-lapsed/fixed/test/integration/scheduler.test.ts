import { test } from 'node:test';
import assert from 'node:assert/strict';
import LeaseLock from '../../src/lease-lock.cjs';
import { JobBoard, SchedulerNode, Settings } from '../../src/scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function followerLoop(node: SchedulerNode, ttlMs: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    if (await node.campaign(ttlMs)) return node.tick();
    await sleep(1);
  }
  return 0;
}

test('two nodes campaigning at once elect one leader', async () => {
  const lock = new LeaseLock();
  const board = new JobBoard(lock);
  const nodes = ['a', 'b', 'c'].map((n) => new SchedulerNode(n, lock, board, new Settings()));
  const won = await Promise.all(nodes.map((n) => n.campaign(10_000)));
  assert.equal(won.filter(Boolean).length, 1);
  assert.equal(nodes.filter((n) => n.isLeader()).length, 1);
});

test('every due job runs once when all nodes tick together', async () => {
  const lock = new LeaseLock();
  const board = new JobBoard(lock);
  for (let i = 0; i < 4; i++) board.add(`job-${i}`, 0);
  const nodes = ['a', 'b', 'c'].map((n) => new SchedulerNode(n, lock, board, new Settings()));
  await nodes[1].campaign(10_000);
  const ran = await Promise.all(nodes.map((n) => n.tick()));
  assert.deepEqual(ran, [0, 4, 0]);
  assert.deepEqual(board.executions.map((e) => e.node), ['b', 'b', 'b', 'b']);
});

test('jobs run only under a valid lease while leadership moves', async () => {
  const lock = new LeaseLock();
  const board = new JobBoard(lock);
  for (let i = 0; i < 6; i++) board.add(`job-${i}`, 0);
  const a = new SchedulerNode('a', lock, board, new Settings());
  const b = new SchedulerNode('b', lock, board, new Settings());
  await a.campaign(3);
  const ran = await Promise.all([a.tick(), followerLoop(b, 1_000)]);
  assert.equal(ran[0] + ran[1], 6);
  assert.deepEqual(board.executions.filter((e) => e.holder !== e.node), []);
});
