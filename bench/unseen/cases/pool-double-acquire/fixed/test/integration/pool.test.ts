import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool, totalOverlaps } from '../../src/pool.ts';

test('more requests than connections: no connection is used by two requests at once', async () => {
  const pool = new Pool(2);
  const results = await Promise.all(Array.from({ length: 5 }, (_, i) => pool.withConnection((c) => c.query(`q${i}`))));
  assert.equal(results.length, 5);
  assert.equal(totalOverlaps(pool), 0);
  assert.deepEqual(pool.stats(), { size: 2, busy: 0, waiting: 0 });
});
