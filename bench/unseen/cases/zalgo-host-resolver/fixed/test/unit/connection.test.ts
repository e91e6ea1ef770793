import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HostResolver } from '../../src/host-resolver.ts';
import { Connection, parseTarget } from '../../src/connection.ts';

test('parseTarget defaults the port', () => {
  assert.deepEqual(parseTarget('db.local:5432'), { host: 'db.local', port: 5432 });
  assert.deepEqual(parseTarget('web.local'), { host: 'web.local', port: 80 });
});

test('a connection resolves its host and opens', async () => {
  const resolver = new HostResolver({ 'db.local': '10.0.0.5' });
  const conn = new Connection(resolver, 'db.local:5432');
  assert.equal(conn.state, 'idle');
  const opening = conn.open();
  assert.equal(conn.state, 'resolving');
  await opening;
  assert.equal(conn.describe(), 'db.local:5432 open (10.0.0.5)');
});

test('an unknown host fails', async () => {
  const conn = new Connection(new HostResolver({}), 'nowhere:1');
  await assert.rejects(conn.open(), /ENOTFOUND/);
  assert.equal(conn.state, 'failed');
});
