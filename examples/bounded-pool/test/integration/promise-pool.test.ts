import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PromisePool } from '../../src/promise-pool.ts';
import { slowly } from '../work.ts';

// Two downloads of thumbnails run at the same time on one pool each (limit 2 and 3). Whatever
// the interleaving, every item is processed exactly once, results come back in item order, and
// no pool has more calls in flight than its limit.
test('two pools map concurrently: in order, each item once, within the limit', async () => {
  const small = new PromisePool(2);
  const large = new PromisePool(3);
  const calls = new Map<string, number>();
  const fetchThumb = async (name: string, turns: number) => {
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return slowly(`thumb-${name}`, turns);
  };
  const a = ['a1', 'a2', 'a3', 'a4', 'a5'];
  const b = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'];
  const [ra, rb] = await Promise.all([
    small.map(a, (name, i) => fetchThumb(name, 1 + (i % 2))),
    large.map(b, (name, i) => fetchThumb(name, 1 + (i % 3))),
  ]);
  assert.deepEqual(ra, a.map((n) => `thumb-${n}`));
  assert.deepEqual(rb, b.map((n) => `thumb-${n}`));
  assert.deepEqual([...calls.values()], new Array(a.length + b.length).fill(1));
  assert.ok(small.peak <= 2 && large.peak <= 3, `peaks ${small.peak}, ${large.peak}`);
  assert.equal(small.active + large.active, 0);
});

// One pool shared by two callers: each map keeps its own order and its own items.
test('one pool, two maps at the same time', async () => {
  const pool = new PromisePool(2);
  const [x, y] = await Promise.all([
    pool.map([3, 1, 2], (n) => slowly(n * 2, n)),
    pool.map([1, 2, 3, 4], (n) => slowly(-n, 4 - n)),
  ]);
  assert.deepEqual(x, [6, 2, 4]);
  assert.deepEqual(y, [-1, -2, -3, -4]);
  assert.equal(pool.completed, 7);
  assert.ok(pool.peak <= 4, `peak ${pool.peak}`);
});
