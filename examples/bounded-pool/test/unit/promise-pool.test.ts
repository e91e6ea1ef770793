import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PromisePool } from '../../src/promise-pool.ts';
import { slowly } from '../work.ts';

test('map returns the results in item order', async () => {
  for (const concurrency of [1, 2, 3, 8]) {
    const pool = new PromisePool(concurrency);
    const items = [5, 1, 4, 2, 3];
    assert.deepEqual(await pool.map(items, (n) => slowly(n * 10, n)), [50, 10, 40, 20, 30]);
    assert.equal(pool.completed, items.length);
    assert.equal(pool.active, 0);
  }
});

test('map never runs more than the limit at once', async () => {
  for (const [concurrency, count] of [[1, 4], [2, 6], [3, 3], [4, 10]]) {
    const pool = new PromisePool(concurrency);
    const items = Array.from({ length: count }, (_, i) => i);
    await pool.map(items, (i) => slowly(i, 1 + (i % 3)));
    assert.ok(pool.peak <= concurrency, `peak ${pool.peak} over ${concurrency}`);
    assert.equal(pool.peak, Math.min(concurrency, count));
  }
});

test('map on no items resolves to no results', async () => {
  const pool = new PromisePool(2);
  assert.deepEqual(await pool.map([], (x: number) => slowly(x, 1)), []);
  assert.equal(pool.peak, 0);
});

test('map passes each item with its index once', async () => {
  const pool = new PromisePool(2);
  const seen: string[] = [];
  await pool.map(['a', 'b', 'c'], async (item, index) => {
    seen.push(`${index}:${item}`);
    return slowly(item, 1);
  });
  assert.deepEqual(seen.sort(), ['0:a', '1:b', '2:c']);
});

test('a pool needs a concurrency of at least 1', () => {
  assert.throws(() => new PromisePool(0), RangeError);
  assert.throws(() => new PromisePool(1.5), RangeError);
});
