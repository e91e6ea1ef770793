import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheServer } from '../../src/cache-server.ts';
import { CacheClient } from '../../src/cache-client.ts';

test('set then get goes through one connection', async () => {
  const server = new CacheServer();
  const client = new CacheClient(server);
  await client.set('user:1', 'ann');
  assert.equal(await client.get('user:1'), 'ann');
  assert.equal(await client.get('user:2'), undefined);
  assert.equal(server.opened, 1);
});

test('a refused connection is retried', async () => {
  const server = new CacheServer();
  server.refuse(2);
  const client = new CacheClient(server);
  await client.set('k', 'v');
  assert.equal(client.retries, 2);
  assert.equal(server.refusals, 2);
  assert.equal(server.opened, 1);
});

test('the client gives up after its attempts and tries again on the next call', async () => {
  const server = new CacheServer();
  server.refuse(3);
  const client = new CacheClient(server, { backoffMs: 1, maxAttempts: 3 });
  await assert.rejects(client.get('k'), /ECONNREFUSED/);
  assert.equal(server.opened, 0);
  assert.equal(await client.get('k'), undefined);
  assert.equal(server.opened, 1);
});

test('close releases the connection and the next call reopens', async () => {
  const server = new CacheServer();
  const client = new CacheClient(server);
  await client.set('a', '1');
  await client.close();
  assert.equal(server.live, 0);
  assert.equal(await client.get('a'), '1');
  assert.equal(server.opened, 2);
  assert.equal(server.live, 1);
});
