import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TokenService, userOf } from '../../src/token-service.ts';
import { ApiClient, isExpired } from '../../src/api-client.ts';

test('isExpired honours the clock skew', () => {
  assert.equal(isExpired(undefined, 0), true);
  assert.equal(isExpired({ access: 'a', refresh: 'r', expiresAt: 10_000 }, 0), false);
  assert.equal(isExpired({ access: 'a', refresh: 'r', expiresAt: 10_000 }, 6_000), true);
});

test('a refresh token works once', async () => {
  const auth = new TokenService();
  const client = new ApiClient(auth, 'ann');
  await client.login();
  const first = await client.ensureToken();
  assert.equal(userOf(first), 'ann');
  assert.equal(auth.verify(first), true);
});

test('get uses the current token and refreshes an expired one', async () => {
  const auth = new TokenService();
  const client = new ApiClient(auth, 'bob');
  await client.login();
  assert.deepEqual(await client.get('/me'), { path: '/me', user: 'bob' });
  assert.equal(auth.refreshCalls, 0);
  client.invalidate();
  assert.deepEqual(await client.get('/orders'), { path: '/orders', user: 'bob' });
  assert.equal(auth.refreshCalls, 1);
  assert.deepEqual(await client.get('/orders'), { path: '/orders', user: 'bob' });
  assert.equal(auth.refreshCalls, 1);
});

test('a client that never logged in is refused', async () => {
  const client = new ApiClient(new TokenService(), 'eve');
  await assert.rejects(client.get('/me'), /not logged in/);
});
