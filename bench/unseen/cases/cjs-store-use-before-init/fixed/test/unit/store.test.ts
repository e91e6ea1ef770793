import { test } from 'node:test';
import assert from 'node:assert/strict';
import store from '../../src/store.cjs';

test('buildInsert copies the row and checks the table name', () => {
  const row = { id: 1 };
  const statement = store.buildInsert('users', row);
  assert.deepEqual(statement, { op: 'insert', table: 'users', row: { id: 1 } });
  assert.notEqual(statement.row, row);
  assert.throws(() => store.buildInsert('users; drop', row), /bad table/);
});

test('connect, insert, read back, disconnect', async () => {
  assert.equal(await store.connect('mem://app'), 'mem://app');
  assert.equal(await store.insert('users', { id: 1, name: 'ann' }), 1);
  assert.equal(await store.insert('users', { id: 2, name: 'bob' }), 1);
  assert.deepEqual(await store.all('users'), [{ id: 1, name: 'ann' }, { id: 2, name: 'bob' }]);
  await store.disconnect();
});
