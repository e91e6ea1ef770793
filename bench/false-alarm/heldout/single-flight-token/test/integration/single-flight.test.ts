import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../../src/api-client.ts';
import { AuthServer, ResourceServer } from '../../src/auth-server.ts';

test('five concurrent requests with no token: one refresh, all five served', async () => {
  const auth = new AuthServer();
  const resources = new ResourceServer();
  const client = new ApiClient(auth, resources);
  const pages = await Promise.all(['/a', '/b', '/c', '/d', '/e'].map((p) => client.get(p)));
  assert.deepEqual(pages, ['/a', '/b', '/c', '/d', '/e'].map((p) => `data of ${p}`));
  assert.equal(auth.refreshes, 1);
  assert.equal(resources.served, 5);
});

test('concurrent callers get the very same refresh promise', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer());
  const a = client.validToken();
  const b = client.validToken();
  assert.equal(a, b);
  assert.equal(await a, 'token-1');
});

test('after expiry, a second burst refreshes exactly once more', async () => {
  const auth = new AuthServer();
  const resources = new ResourceServer();
  const client = new ApiClient(auth, resources);
  await Promise.all([client.get('/1'), client.get('/2')]);
  auth.now += 500;
  await Promise.all([client.get('/3'), client.get('/4'), client.get('/5')]);
  assert.equal(auth.refreshes, 2);
  assert.equal(resources.currentToken, 'token-2');
  assert.equal(resources.served, 5);
});

test('a failing refresh fails every waiting request once, then recovers', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer(), 'revoked');
  const results = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
  assert.ok(results.every((r) => r.status === 'rejected'));
  assert.equal(auth.refreshes, 1);
});
