import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeDbServer } from '../../src/db.ts';
import { UserService } from '../../src/users.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not answered within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

describe('user service under traffic', () => {
  it('requests that arrive while the service starts are answered', async () => {
    await sleep(5);
    const server = new FakeDbServer(between(2, 16));
    const service = new UserService(server);
    const requests = Promise.all([
      service.users.register('ada@example.org', 'Ada'),
      service.users.register('grace@example.org', 'Grace'),
    ]);
    await service.start();
    const rows = await within(400, requests, 'requests made during startup');
    assert.deepEqual(rows.map((r) => r.name).sort(), ['Ada', 'Grace']);
  });

  it('concurrent registrations after startup get distinct ids', async () => {
    const service = new UserService(new FakeDbServer());
    await service.start();
    const rows = await Promise.all(['a', 'b', 'c', 'd'].map((n) => service.users.register(`${n}@example.org`, n.toUpperCase())));
    assert.equal(new Set(rows.map((r) => r.id)).size, 4);
  });

  it('requests during a failover are answered after it', async () => {
    const service = new UserService(new FakeDbServer());
    await service.start();
    const ada = await service.users.register('ada@example.org', 'Ada');
    const failover = service.failover();
    const during = Promise.all([service.users.findById(ada.id), service.users.findById(ada.id)]);
    await failover;
    const rows = await within(400, during, 'requests made during the failover');
    assert.deepEqual(rows.map((r) => r.email), ['ada@example.org', 'ada@example.org']);
  });

  it('concurrent start calls share one connection attempt', async () => {
    const server = new FakeDbServer();
    const service = new UserService(server);
    await Promise.all([service.start(), service.start(), service.start()]);
    assert.equal(server.handshakes, 1);
  });
});
