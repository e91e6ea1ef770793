import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { CacheServer } from '../../src/cache-server.ts';
import { CacheClient } from '../../src/cache-client.ts';

/** A request that reaches the client a little later than the first. */
async function later<T>(maxMs: number, call: () => Promise<T>): Promise<T> {
  await delay(Math.floor(Math.random() * maxMs));
  return call();
}

test('the first requests of a process share one connection', async () => {
  const server = new CacheServer();
  const client = new CacheClient(server);
  await Promise.all([client.set('a', '1'), client.set('b', '2'), client.get('c')]);
  assert.equal(server.opened, 1);
  assert.equal(server.live, 1);
});

test('requests that arrive while the client retries wait for the same connection', async () => {
  const server = new CacheServer();
  server.refuse(1);
  const client = new CacheClient(server);
  await Promise.all([
    client.set('session:1', 'ann'),
    later(25, () => client.get('session:1')),
    later(25, () => client.set('session:2', 'bob')),
  ]);
  assert.equal(server.refusals, 1);
  assert.equal(server.opened, 1, 'one connection for the whole process');
  assert.equal(server.live, 1);
});

test('a burst during a server restart gives up together, and the next burst connects once', async () => {
  const server = new CacheServer();
  server.refuse(3);
  const client = new CacheClient(server, { backoffMs: 1, maxAttempts: 3 });
  const first = await Promise.allSettled([client.get('x'), client.get('y'), client.set('z', '1')]);
  assert.deepEqual(first.map((r) => r.status), ['rejected', 'rejected', 'rejected']);
  assert.equal(server.refusals, 3);
  await Promise.all([client.set('x', '1'), client.set('y', '2')]);
  assert.equal(server.opened, 1);
});

test('keys written by concurrent requests are all readable', async () => {
  const server = new CacheServer();
  const client = new CacheClient(server);
  await Promise.all(['a', 'b', 'c', 'd'].map((k) => client.set(`k:${k}`, k.toUpperCase())));
  const values = await Promise.all(['a', 'b', 'c', 'd'].map((k) => client.get(`k:${k}`)));
  assert.deepEqual(values, ['A', 'B', 'C', 'D']);
});
