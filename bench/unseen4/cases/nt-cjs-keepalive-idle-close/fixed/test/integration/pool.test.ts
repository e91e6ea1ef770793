import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeServer } from '../../src/driver';
import { KeepAlivePool } from '../../src/pool';
import { UserDao } from '../../src/users';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function setup(idleMs: number) {
  const server = new FakeServer(2, 5);
  const pool = new KeepAlivePool(server, { max: 2, idleMs });
  return { server, pool, users: new UserDao(pool) };
}

describe('pool under traffic', () => {
  it('lookups spread over time all succeed', async () => {
    const { users, pool } = setup(8);
    await users.names([1, 2]);
    const ids = [1, 2, 3, 4, 3, 1];
    const results = await Promise.allSettled(ids.map((id) => sleep(Math.floor(Math.random() * 60)).then(() => users.findUser(id))));
    pool.close();
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    assert.deepEqual(failures, []);
  });

  it('a burst larger than the pool waits its turn', async () => {
    const { users, server, pool } = setup(1000);
    const names = await users.names([1, 2, 3, 4, 4, 3, 2, 1, 1, 2]);
    assert.deepEqual(names, ['ana', 'bob', 'cleo', 'dev', 'dev', 'cleo', 'bob', 'ana', 'ana', 'bob']);
    assert.equal(server.opened, 2);
    pool.close();
  });

  it('two pools side by side keep their own connections', async () => {
    const a = setup(1000);
    const b = setup(1000);
    const [x, y] = await Promise.all([a.users.names([1, 2, 3]), b.users.names([4, 3])]);
    assert.deepEqual([x, y], [['ana', 'bob', 'cleo'], ['dev', 'cleo']]);
    assert.ok(a.server.opened <= 2 && b.server.opened <= 2);
    a.pool.close();
    b.pool.close();
  });

  it('after a quiet period the pool reconnects for the next burst', async () => {
    const { users, server, pool } = setup(10);
    await users.names([1, 2, 3, 4]);
    await sleep(40);
    assert.equal(pool.size, 0);
    assert.deepEqual(await users.names([4, 3, 2, 1]), ['dev', 'cleo', 'bob', 'ana']);
    assert.equal(server.opened, 4);
    pool.close();
  });
});
