import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../src/database';
import { FakeConnection } from '../../src/fake-connection';

beforeEach(() => FakeConnection.reset());

test('a query runs on a pooled connection', async () => {
  const db = new Database();
  assert.deepEqual(await db.query('SELECT 1'), { sql: 'SELECT 1', connection: 1 });
  await db.close();
  assert.equal(FakeConnection.openNow, 0);
});

test('sequential queries reuse one connection', async () => {
  const db = new Database();
  for (let i = 0; i < 4; i++) await db.query(`SELECT ${i}`);
  assert.equal(FakeConnection.opened, 1);
  await db.close();
});

test('a failing query returns its connection', async () => {
  const db = new Database();
  await assert.rejects(db.query('FAIL here'), /syntax error/);
  assert.equal(db.stats().borrowed, 0);
  await db.close();
});

test('a transaction runs on one connection', async () => {
  const db = new Database();
  assert.deepEqual(await db.transaction(['INSERT 1', 'INSERT 2']), [1, 1, 1, 1]);
  await db.close();
});
