import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeServer } from '../../src/driver';
import { KeepAlivePool } from '../../src/pool';
import { NotFound, UserDao } from '../../src/users';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function setup(idleMs = 1000) {
  const server = new FakeServer();
  const pool = new KeepAlivePool(server, { max: 2, idleMs });
  return { server, pool, users: new UserDao(pool) };
}

describe('users through the pool', () => {
  it('finds a user by id', async () => {
    const { users, pool } = setup();
    assert.deepEqual(await users.findUser(3), { id: 3, name: 'cleo' });
    pool.close();
  });

  it('an unknown user is NotFound, a bad id is refused', async () => {
    const { users, pool } = setup();
    await assert.rejects(users.findUser(9), NotFound);
    await assert.rejects(users.findUser(-1), /bad user id -1/);
    pool.close();
  });

  it('queries one after another reuse one connection', async () => {
    const { users, server, pool } = setup();
    for (const id of [1, 2, 3, 4]) await users.findUser(id);
    assert.equal(await users.countAll(), 4);
    assert.equal(server.opened, 1);
    assert.equal(pool.size, 1);
    pool.close();
  });

  it('a connection idle for too long is closed and a new one opened', async () => {
    const { users, server, pool } = setup(5);
    await users.findUser(1);
    await sleep(30);
    assert.equal(pool.closedIdle, 1);
    assert.equal(pool.size, 0);
    assert.equal((await users.findUser(2)).name, 'bob');
    assert.equal(server.opened, 2);
    pool.close();
  });

  it('a failed query gives its connection back', async () => {
    const { users, server, pool } = setup();
    await assert.rejects(pool.query('DELETE FROM users'), /syntax error/);
    assert.equal((await users.findUser(4)).name, 'dev');
    assert.equal(server.opened, 1);
    pool.close();
  });
});
