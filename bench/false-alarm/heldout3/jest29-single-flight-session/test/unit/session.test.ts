import { ApiClient } from '../../src/api-client';
import { AuthServer, HttpError, ResourceServer } from '../../src/servers';
import { TokenSource } from '../../src/token-source';

function setup(ttlMs?: number) {
  const auth = new AuthServer(ttlMs);
  const server = new ResourceServer(auth);
  const tokens = new TokenSource(auth);
  return { auth, server, tokens, api: new ApiClient(server, tokens) };
}

test('the first request fetches a token', async () => {
  const { api, auth } = setup();
  expect(await api.getJson('/me')).toEqual({ path: '/me', token: 't1' });
  expect(auth.issued).toBe(1);
});

test('later requests reuse a valid token', async () => {
  const { api, auth } = setup();
  await api.getJson('/a');
  await api.getJson('/b');
  expect(auth.issued).toBe(1);
  expect(api.pending()).toBe(0);
});

test('an expired token is refreshed', async () => {
  const { tokens, auth } = setup(5);
  expect(await tokens.get()).toBe('t1');
  await new Promise((r) => setTimeout(r, 30));
  expect(await tokens.get()).toBe('t2');
  expect(auth.issued).toBe(2);
});

test('a revoked token is replaced after a 401', async () => {
  const { api, auth, tokens } = setup();
  await tokens.get();
  auth.revoke('t1');
  expect(await api.getJson('/orders')).toEqual({ path: '/orders', token: 't2' });
});

test('a 500 is passed on and not cached', async () => {
  const { api, server } = setup();
  server.failNext('/flaky');
  await expect(api.getJson('/flaky')).rejects.toBeInstanceOf(HttpError);
  expect((await api.getJson('/flaky')).path).toBe('/flaky');
  expect(server.hits.get('/flaky')).toBe(2);
});
