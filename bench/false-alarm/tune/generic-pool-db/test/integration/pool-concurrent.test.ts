import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../src/database';
import { FakeConnection } from '../../src/fake-connection';

beforeEach(() => FakeConnection.reset());

test('eight concurrent queries on a pool of 2: two connections, two busy at once', async () => {
  const db = new Database(2);
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => db.query(`SELECT ${i}`)));
  assert.deepEqual(results.map((r) => r.sql), Array.from({ length: 8 }, (_, i) => `SELECT ${i}`));
  assert.equal(FakeConnection.opened, 2);
  assert.equal(FakeConnection.maxBusy, 2);
  assert.deepEqual(new Set(results.map((r) => r.connection)), new Set([1, 2]));
  await db.close();
  assert.equal(FakeConnection.openNow, 0);
});

test('while queries wait, the pool shows two borrowed and the rest pending', async () => {
  const db = new Database(2);
  const all = Promise.all(Array.from({ length: 5 }, (_, i) => db.query(`SELECT ${i}`)));
  const stats = db.stats();
  assert.equal(stats.pending, 5);
  await all;
  assert.deepEqual(db.stats(), { size: 2, borrowed: 0, pending: 0, available: 2 });
  await db.close();
});

test('concurrent transactions each keep their own connection', async () => {
  const db = new Database(2);
  const [t1, t2, t3] = await Promise.all([
    db.transaction(['INSERT a', 'INSERT b']),
    db.transaction(['UPDATE c']),
    db.transaction(['DELETE d', 'DELETE e', 'DELETE f']),
  ]);
  for (const used of [t1, t2, t3]) assert.equal(new Set(used).size, 1);
  assert.notEqual(t1[0], t2[0]);
  assert.ok(FakeConnection.maxBusy <= 2);
  await db.close();
});

test('failing queries among concurrent ones: their connections are destroyed, none leaks', async () => {
  const db = new Database(2);
  const results = await Promise.allSettled(['SELECT 1', 'FAIL 2', 'SELECT 3', 'FAIL 4', 'SELECT 5'].map((sql) => db.query(sql)));
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
  assert.equal(db.stats().borrowed, 0);
  assert.ok(FakeConnection.maxBusy <= 2);
  await db.close();
  assert.equal(FakeConnection.openNow, 0);
});
