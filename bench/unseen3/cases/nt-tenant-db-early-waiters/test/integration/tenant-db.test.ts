import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeServer } from '../../src/driver.ts';
import { TenantDb } from '../../src/tenant-db.ts';

function server(): FakeServer {
  const s = new FakeServer();
  s.createDatabase('postgres', []);
  s.createDatabase('acme_main', ['users', 'invoices'], 'acme');
  s.createDatabase('globex_main', ['users'], 'globex');
  return s;
}

test('the first requests of a tenant arrive together', async () => {
  const s = server();
  const db = new TenantDb(s, 'acme');
  await Promise.all([
    db.put('users', 'u1', { name: 'Ann' }),
    db.put('users', 'u2', { name: 'Bob' }),
    db.put('invoices', 'i1', { total: 12 }),
  ]);
  assert.equal(s.databases.get('acme_main')!.get('users')!.size, 2);
  assert.equal(s.databases.get('acme_main')!.get('invoices')!.size, 1);
  assert.equal(s.connections, 1);
});

test('reads during start-up see the tenant data', async () => {
  const s = server();
  s.databases.get('acme_main')!.get('users')!.set('u9', { name: 'Zed' });
  const db = new TenantDb(s, 'acme');
  const rows = await Promise.all([db.get('users', 'u9'), db.get('users', 'u9'), db.get('users', 'u1')]);
  assert.deepEqual(rows, [{ name: 'Zed' }, { name: 'Zed' }, undefined]);
});

test('two tenants start at once', async () => {
  const s = server();
  const acme = new TenantDb(s, 'acme');
  const globex = new TenantDb(s, 'globex');
  await Promise.all([acme.put('users', 'u1', { name: 'Ann' }), globex.put('users', 'u1', { name: 'Gus' })]);
  assert.deepEqual(await acme.get('users', 'u1'), { name: 'Ann' });
  assert.deepEqual(await globex.get('users', 'u1'), { name: 'Gus' });
});

test('callers waiting on a tenant that does not exist are told so', async () => {
  const db = new TenantDb(server(), 'initech');
  const results = await Promise.allSettled([db.get('users', 'a'), db.get('users', 'b')]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  for (const r of results) assert.match(String((r as PromiseRejectedResult).reason), /unknown tenant/);
});
