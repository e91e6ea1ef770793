import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionPool } from '../../src/pool.ts';
import { FakeRedisServer } from '../../src/redis.ts';
import { handle, type Request, SessionCache } from '../../src/sessions.ts';

async function site(healthCheckMs: number, max = 3) {
  const server = new FakeRedisServer();
  const pool = new ConnectionPool(server, { max, healthCheckMs });
  const cache = new SessionCache(pool);
  await cache.save({ id: 'sa', userId: 'ann', roles: ['admin'] });
  await cache.save({ id: 'sb', userId: 'bob', roles: [] });
  await cache.save({ id: 'sc', userId: 'cem', roles: [] });
  return { server, pool, cache };
}

/** Requests arriving at random moments within `spreadMs`. */
function arrivals(cache: SessionCache, requests: Request[], spreadMs: number) {
  return Promise.all(
    requests.map(async (req) => {
      await sleep(Math.floor(Math.random() * spreadMs));
      return handle(cache, req);
    }),
  );
}

describe('a browsing session load on the pool', () => {
  it('users browse while idle connections are health-checked', async () => {
    const { pool, cache, server } = await site(30);
    try {
      const reqs: Request[] = ['sa', 'sb', 'sc', 'sa', 'sb'].map((sid) => ({ path: '/catalog', cookie: `sid=${sid}` }));
      const answers = await arrivals(cache, reqs, 40);
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200]);
      assert.equal(await cache.countView('/catalog'), 6);
      assert.equal(server.protocolErrors, 0);
    } finally {
      pool.close();
    }
  });

  it('an admin works while users browse and health checks run', async () => {
    const { pool, cache } = await site(30);
    try {
      const reqs: Request[] = [
        { path: '/admin/orders', cookie: 'sid=sa' },
        { path: '/basket', cookie: 'sid=sb' },
        { path: '/admin/orders', cookie: 'sid=sb' },
        { path: '/basket', cookie: 'sid=sc' },
        { path: '/admin/refunds', cookie: 'sid=sa' },
      ];
      const answers = await arrivals(cache, reqs, 40);
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 403, 200, 200]);
    } finally {
      pool.close();
    }
  });

  it('a burst never opens more than three connections', async () => {
    const { pool, cache, server } = await site(0);
    try {
      const reqs: Request[] = Array.from({ length: 20 }, (_, i) => ({ path: `/p${i % 4}`, cookie: `sid=${['sa', 'sb', 'sc'][i % 3]}` }));
      const answers = await Promise.all(reqs.map((req) => handle(cache, req)));
      assert.ok(answers.every((a) => a.status === 200));
      assert.ok(pool.peakOpen <= 3, `peak ${pool.peakOpen} connections`);
      assert.ok(server.connectionsOpened <= 3);
      assert.equal(await cache.countView('/p0'), 6);
    } finally {
      pool.close();
    }
  });

  it('a logout during other requests ends that session only', async () => {
    const { pool, cache } = await site(0, 2);
    try {
      const [, , loggedOut] = await Promise.all([
        handle(cache, { path: '/home', cookie: 'sid=sa' }),
        handle(cache, { path: '/home', cookie: 'sid=sc' }),
        cache.destroy('sb'),
      ]);
      assert.equal(loggedOut, true);
      assert.equal((await handle(cache, { path: '/home', cookie: 'sid=sb' })).status, 401);
      assert.equal((await handle(cache, { path: '/home', cookie: 'sid=sc' })).status, 200);
    } finally {
      pool.close();
    }
  });
});
