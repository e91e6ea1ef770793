import { ApiClient } from '../../src/api-client';
import { AuthServer, HttpError, ResourceServer } from '../../src/servers';
import { TokenSource } from '../../src/token-source';

const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

function setup(ttlMs?: number) {
  const auth = new AuthServer(ttlMs);
  const server = new ResourceServer(auth);
  const tokens = new TokenSource(auth);
  return { auth, server, tokens, api: new ApiClient(server, tokens) };
}

describe('a session under concurrent requests', () => {
  test('ten first requests at once share one token grant', async () => {
    const { api, auth, tokens } = setup();
    const paths = Array.from({ length: 10 }, (_, i) => `/items/${i}`);
    const got = await Promise.all(paths.map((p) => api.getJson(p)));
    expect(got.map((g) => g.path)).toEqual(paths);
    expect(new Set(got.map((g) => g.token))).toEqual(new Set(['t1']));
    expect([auth.issued, tokens.refreshes]).toEqual([1, 1]);
  });

  test('an expired token is refreshed once for all the requests that find it expired', async () => {
    const { api, auth } = setup(20);
    await api.getJson('/warmup');
    await new Promise((r) => setTimeout(r, 60));
    const got = await Promise.all(['/a', '/b', '/c', '/d', '/e', '/f'].map((p) => api.getJson(p)));
    expect(got.every((g) => g.token === 't2')).toBe(true);
    expect(auth.issued).toBe(2);
  });

  test('after a revocation, 401s arriving at different times cause a single refresh', async () => {
    const { api, auth, server, tokens } = setup();
    await tokens.get();
    auth.revoke('t1');
    const paths = ['/r1', '/r2', '/r3', '/r4', '/r5', '/r6'];
    const got = await Promise.all(paths.map(async (p) => (await jitter(), api.getJson(p))));
    expect(got.map((g) => g.token)).toEqual(paths.map(() => 't2'));
    expect(auth.issued).toBe(2);
    expect(server.seenTokens.filter((t) => t === 't2')).toHaveLength(6);
  });

  test('concurrent GETs of one path share one request; the next GET after it settles is new', async () => {
    const { api, server } = setup();
    const results = await Promise.all(Array.from({ length: 5 }, () => api.getJson('/catalog')));
    expect(results.every((r) => r === results[0])).toBe(true);
    expect(server.hits.get('/catalog')).toBe(1);
    expect(api.pending()).toBe(0);
    await api.getJson('/catalog');
    expect(server.hits.get('/catalog')).toBe(2);
  });

  test('a failed shared GET rejects every caller that joined it, and is not kept', async () => {
    const { api, server } = setup();
    await api.getJson('/warm');
    server.failNext('/report');
    const settled = await Promise.allSettled([api.getJson('/report'), api.getJson('/report'), api.getJson('/report')]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const s of settled) if (s.status === 'rejected') expect(s.reason).toBeInstanceOf(HttpError);
    expect(server.hits.get('/report')).toBe(1);
    expect((await api.getJson('/report')).path).toBe('/report');
  });

  test('staggered GETs of a few paths: each path is requested no more often than it was asked', async () => {
    const { api, server, auth } = setup();
    const asks = ['/x', '/y', '/x', '/z', '/y', '/x', '/z', '/x'];
    const got = await Promise.all(asks.map(async (p) => (await jitter(), api.getJson(p))));
    expect(got.map((g) => g.path)).toEqual(asks);
    expect(server.hits.get('/x')! + server.hits.get('/y')! + server.hits.get('/z')!).toBeLessThanOrEqual(asks.length);
    expect(server.hits.get('/x')).toBeGreaterThanOrEqual(1);
    expect(auth.issued).toBe(1);
    expect(api.pending()).toBe(0);
  });
});
