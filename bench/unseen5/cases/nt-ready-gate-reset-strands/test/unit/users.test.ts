import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeDbServer } from '../../src/db.ts';
import { Deferred, ReadyGate } from '../../src/gate.ts';
import { UserService } from '../../src/users.ts';

describe('user service, one step at a time', () => {
  it('registers and finds a user once started', async () => {
    const service = new UserService(new FakeDbServer());
    await service.start();
    const ada = await service.users.register(' Ada@Example.org ', 'Ada');
    assert.deepEqual(await service.users.findById(ada.id), { id: ada.id, email: 'ada@example.org', name: 'Ada' });
  });

  it('connects after the server has booted', async () => {
    const server = new FakeDbServer(20);
    const service = new UserService(server);
    await service.start();
    assert.equal(server.up, true);
    assert.equal(service.db.ready, true);
    assert.equal((await service.users.register('bob@example.org', 'Bob')).name, 'Bob');
  });

  it('gives up on a server that never comes up', async () => {
    const service = new UserService(new FakeDbServer(60_000));
    await assert.rejects(service.start(), /database unreachable after 8 attempts: connect ECONNREFUSED/);
  });

  it('refuses bad input without a query', async () => {
    const service = new UserService(new FakeDbServer());
    await service.start();
    await assert.rejects(service.users.register('not-an-email', 'X'), /invalid email/);
    await assert.rejects(service.users.register('x@example.org', ' '), /needs a name/);
    await assert.rejects(service.users.findById(99), /user 99 not found/);
  });

  it('a gate lets waiters through once opened, and a deferred settles once', async () => {
    const gate = new ReadyGate();
    const waiting = gate.wait();
    gate.open();
    gate.open();
    await waiting;
    assert.equal(gate.opens, 1);
    const d = new Deferred<number>();
    d.resolve(1);
    d.resolve(2);
    assert.equal(await d.promise, 1);
  });
});
