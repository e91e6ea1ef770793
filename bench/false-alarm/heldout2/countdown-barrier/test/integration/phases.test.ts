import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Barrier, CountDownLatch } from '../../src/sync.ts';
import { wordCount } from '../../src/word-count.ts';

test('no party passes the barrier before the last one arrives', async () => {
  const b = new Barrier(3);
  const log: string[] = [];
  const party = async (name: string, ms: number) => {
    await sleep(ms);
    log.push(`arrive ${name}`);
    const gen = await b.arrive();
    log.push(`pass ${name}`);
    return gen;
  };
  const gens = await Promise.all([party('a', 1), party('b', 10), party('c', 30)]);
  assert.deepEqual(gens, [0, 0, 0]);
  assert.deepEqual(log.slice(0, 3).sort(), ['arrive a', 'arrive b', 'arrive c']);
  assert.deepEqual(log.slice(3).sort(), ['pass a', 'pass b', 'pass c']);
  assert.equal(b.waiting, 0);
});

test('the barrier is cyclic: three rounds, every party in every round', async () => {
  const b = new Barrier(2);
  const rounds: number[][] = [[], [], []];
  const party = async (id: number) => {
    for (let r = 0; r < 3; r++) {
      await sleep(id + 1);
      rounds[r].push(id);
      const gen = await b.arrive();
      assert.equal(gen, r);
      assert.equal(rounds[r].length, 2, 'both parties did round r before anyone passed it');
    }
  };
  await Promise.all([party(0), party(1)]);
  assert.deepEqual(rounds.map((r) => [...r].sort()), [[0, 1], [0, 1], [0, 1]]);
});

test('a latch waited on by many opens for all of them at once', async () => {
  const latch = new CountDownLatch(3);
  const woke: string[] = [];
  const waiters = ['x', 'y'].map(async (w) => {
    await latch.wait();
    woke.push(w);
  });
  const workers = [5, 1, 3].map(async (ms) => {
    await sleep(ms);
    assert.deepEqual(woke, []);
    latch.countDown();
  });
  await Promise.all([...workers, ...waiters]);
  assert.deepEqual(woke.sort(), ['x', 'y']);
});

test('word count with workers of different speeds: every merge after every count', async () => {
  const chunks = ['the cat sat', 'on the mat', 'the end', 'a cat and a hat'];
  const { counts, phaseLog } = await wordCount(chunks, [8, 1, 4, 2]);
  assert.deepEqual(Object.fromEntries([...counts].sort()), { a: 2, and: 1, cat: 2, end: 1, hat: 1, mat: 1, on: 1, sat: 1, the: 3 });
  const firstMerge = phaseLog.findIndex((e) => e.startsWith('merge'));
  assert.equal(firstMerge, 4, `all four counts came before any merge: ${phaseLog}`);
  assert.equal(phaseLog.length, 8);
});
