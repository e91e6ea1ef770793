import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../../src/api-client.ts';
import { AuthServer, ResourceServer } from '../../src/auth-server.ts';

test('the first request refreshes the token', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer());
  assert.equal(await client.get('/me'), 'data of /me');
  assert.equal(auth.refreshes, 1);
});

test('a valid token is reused', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer());
  await client.get('/a');
  await client.get('/b');
  assert.equal(auth.refreshes, 1);
});

test('an expired token is refreshed again', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer());
  await client.get('/a');
  auth.now += 1000;
  await client.get('/b');
  assert.equal(auth.refreshes, 2);
});

test('a revoked refresh token fails the request, and the next call tries again', async () => {
  const auth = new AuthServer();
  const client = new ApiClient(auth, new ResourceServer(), 'revoked');
  await assert.rejects(client.get('/a'), /revoked/);
  await assert.rejects(client.get('/a'), /revoked/);
  assert.equal(auth.refreshes, 2);
});
