import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TokenService } from '../../src/token-service.ts';
import { ApiClient } from '../../src/api-client.ts';

test('requests that find the token expired at the same time all succeed', async () => {
  const auth = new TokenService();
  const client = new ApiClient(auth, 'ann');
  await client.login();
  client.invalidate();
  const results = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
  for (const r of results) assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
  assert.equal(auth.refreshCalls, 1);
});

test('a second expiry later refreshes once more', async () => {
  const auth = new TokenService();
  const client = new ApiClient(auth, 'bob');
  await client.login();
  client.invalidate();
  await Promise.all([client.get('/x'), client.get('/y')]);
  client.invalidate();
  await Promise.all([client.get('/x'), client.get('/y')]);
  assert.equal(auth.refreshCalls, 2);
});
