import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionPool } from '../../src/pool.ts';
import { FakeRedisServer, type RedisConnection } from '../../src/redis.ts';
import { handle, SessionCache } from '../../src/sessions.ts';

function setup(max = 2) {
  const server = new FakeRedisServer();
  const pool = new ConnectionPool(server, { max, healthCheckMs: 0 });
  return { server, pool, cache: new SessionCache(pool) };
}

const acquire = (pool: ConnectionPool) =>
  new Promise<RedisConnection>((resolve, reject) => pool.acquire((err, conn) => (err || !conn ? reject(err) : resolve(conn))));

describe('sessions and the pool, one request at a time', () => {
  it('answers 401 / 403 / 200 and counts views', async () => {
    const { cache, pool } = setup();
    await cache.save({ id: 's1', userId: 'ann', roles: [] });
    assert.equal((await handle(cache, { path: '/home' })).status, 401);
    assert.deepEqual(await handle(cache, { path: '/home', cookie: 'sid=nope' }), { status: 401, body: 'session expired' });
    assert.equal((await handle(cache, { path: '/admin/users', cookie: 'sid=s1' })).status, 403);
    assert.equal((await handle(cache, { path: '/home', cookie: 'theme=dark; sid=s1' })).body, 'ann viewed /home (1)');
    assert.equal((await handle(cache, { path: '/home', cookie: 'sid=s1' })).body, 'ann viewed /home (2)');
    pool.close();
  });

  it('saves, loads and destroys a session', async () => {
    const { cache, pool } = setup();
    await cache.save({ id: 's2', userId: 'bob', roles: ['admin'] });
    assert.deepEqual(await cache.load('s2'), { id: 's2', userId: 'bob', roles: ['admin'] });
    assert.equal(await cache.destroy('s2'), true);
    assert.equal(await cache.destroy('s2'), false);
    assert.equal(await cache.load('s2'), undefined);
    pool.close();
  });

  it('reuses one connection for requests made one after another', async () => {
    const { cache, pool, server } = setup();
    for (let i = 0; i < 5; i++) await cache.countView('/docs');
    assert.equal(server.connectionsOpened, 1);
    assert.deepEqual(pool.size, { open: 1, idle: 1, waiting: 0 });
    pool.close();
  });

  it('a health check drops a dead idle connection and keeps live ones', async () => {
    const { cache, pool, server } = setup();
    const [a, b] = await Promise.all([acquire(pool), acquire(pool)]);
    pool.release(a);
    pool.release(b);
    b.close();
    pool.checkNow();
    await sleep(10);
    assert.equal(server.pings, 1);
    assert.deepEqual(pool.size, { open: 1, idle: 1, waiting: 0 });
    assert.equal(pool.dropped, 1);
    assert.equal(await cache.countView('/after'), 1);
    pool.close();
  });

  it('with one connection, a second caller waits and is handed it', async () => {
    const { pool, server } = setup(1);
    const first = await acquire(pool);
    const second = acquire(pool);
    assert.deepEqual(pool.size, { open: 1, idle: 0, waiting: 1 });
    pool.release(first);
    assert.equal(await second, first);
    pool.release(first);
    assert.equal(server.connectionsOpened, 1);
    pool.close();
  });
});
