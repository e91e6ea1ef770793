import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool, totalOverlaps } from '../../src/pool.ts';

test('acquire hands out a free connection, release returns it', async () => {
  const pool = new Pool(2);
  const a = await pool.acquire();
  assert.deepEqual(pool.stats(), { size: 2, busy: 1, waiting: 0 });
  const b = await pool.acquire();
  assert.notEqual(a, b);
  pool.release(a);
  pool.release(b);
  assert.deepEqual(pool.stats(), { size: 2, busy: 0, waiting: 0 });
});

test('withConnection runs queries one after the other', async () => {
  const pool = new Pool(1);
  assert.equal(await pool.withConnection((c) => c.query('select 1')), '1:select 1');
  assert.equal(await pool.withConnection((c) => c.query('select 2')), '1:select 2');
  assert.equal(totalOverlaps(pool), 0);
});
