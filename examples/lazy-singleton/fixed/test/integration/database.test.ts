import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, Database } from '../../src/database.ts';

// Two requests reach the freshly started app at the same time. They must share one connection,
// and closing the database must close every connection it opened.
test('two first queries at the same time share one connection', async () => {
  Connection.open = 0;
  Connection.opened = 0;
  const db = new Database('db://localhost/shop');
  const results = await Promise.all([db.query('select users'), db.query('select orders')]);
  await db.close();
  assert.deepEqual(results, ['select users on #1', 'select orders on #1']);
  assert.equal(Connection.opened, 1, 'connected more than once');
  assert.equal(Connection.open, 0, 'a connection was leaked');
});
