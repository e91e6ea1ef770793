import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, Database } from '../../src/database.ts';

beforeEach(() => {
  Connection.open = 0;
  Connection.opened = 0;
});

test('the first query connects, the next ones reuse the connection', async () => {
  const db = new Database('db://localhost/shop');
  assert.equal(await db.query('select 1'), 'select 1 on #1');
  assert.equal(await db.query('select 2'), 'select 2 on #1');
  assert.equal(await db.query('select 3'), 'select 3 on #1');
  assert.equal(Connection.opened, 1);
  await db.close();
  assert.equal(Connection.open, 0);
});

test('getConnection returns the same connection every time', async () => {
  for (const url of ['db://localhost/a', 'db://replica/b']) {
    const db = new Database(url);
    const first = await db.getConnection();
    assert.equal(await db.getConnection(), first);
    assert.equal(Connection.open, 1);
    await db.close();
    assert.equal(Connection.open, 0);
  }
});

test('after close, a query connects again', async () => {
  const db = new Database('db://localhost/shop');
  await db.query('select 1');
  await db.close();
  assert.equal(await db.query('select 2'), 'select 2 on #2');
  await db.close();
  assert.equal(Connection.open, 0);
  assert.equal(Connection.opened, 2);
});

test('a bad url fails the query and leaves nothing open', async () => {
  const db = new Database('mysql://nope');
  await assert.rejects(db.query('select 1'), /bad database url/);
  await db.close();
  assert.equal(Connection.open, 0);
});
