import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeServer } from '../../src/driver.ts';
import { describeRow, TenantDb } from '../../src/tenant-db.ts';

function server(): FakeServer {
  const s = new FakeServer();
  s.createDatabase('postgres', []);
  s.createDatabase('acme_main', ['users', 'invoices'], 'acme');
  s.createDatabase('globex_main', ['users'], 'globex');
  return s;
}

test('describeRow prints the fields of a row', () => {
  assert.equal(describeRow({ name: 'Ann', admin: true }), 'name="Ann" admin=true');
  assert.equal(describeRow(undefined), '(none)');
});

test('a put is read back from the tenant database', async () => {
  const s = server();
  const db = new TenantDb(s, 'acme');
  await db.put('users', 'u1', { name: 'Ann' });
  assert.deepEqual(await db.get('users', 'u1'), { name: 'Ann' });
  assert.equal(s.databases.get('acme_main')!.get('users')!.size, 1);
  assert.equal(s.connections, 1);
});

test('tenants do not see each other', async () => {
  const s = server();
  const acme = new TenantDb(s, 'acme');
  const globex = new TenantDb(s, 'globex');
  await acme.put('users', 'u1', { name: 'Ann' });
  assert.equal(await globex.get('users', 'u1'), undefined);
  await globex.put('users', 'u1', { name: 'Gus' });
  assert.deepEqual(await acme.get('users', 'u1'), { name: 'Ann' });
});

test('an unknown tenant fails, and so does the next call', async () => {
  const db = new TenantDb(server(), 'initech');
  await assert.rejects(db.get('users', 'u1'), /unknown tenant/);
  await assert.rejects(db.get('users', 'u1'), /unknown tenant/);
});

test('the connection is reused for later calls', async () => {
  const s = server();
  const db = new TenantDb(s, 'acme');
  await db.put('invoices', 'i1', { total: 40 });
  await db.put('invoices', 'i2', { total: 2 });
  assert.deepEqual(await db.get('invoices', 'i2'), { total: 2 });
  assert.equal(s.connections, 1);
});
