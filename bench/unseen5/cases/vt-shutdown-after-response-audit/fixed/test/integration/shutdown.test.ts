import { describe, expect, it } from 'vitest';
import { AuditStore } from '../../src/audit-store';
import { Server } from '../../src/server';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const until = async (cond: () => boolean) => {
  while (!cond()) await sleep(1);
};
const users = ['ada', 'bob', 'cy', 'dee', 'eve', 'fay'];

describe('graceful shutdown', () => {
  it('a shutdown during traffic loses no audit record', async () => {
    const audit = new AuditStore();
    const server = new Server(audit);
    const requests = users.map((user, i) => server.request({ method: 'GET', path: i % 3 === 2 ? '/logout' : '/profile', user }));
    await sleep(1);
    await server.shutdown();
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(server.lostAudits).toEqual([]);
    expect(audit.rows.map((r) => r.user).sort()).toEqual([...users].sort());
  });
});

describe.concurrent('while running', () => {
  it('concurrent requests are all audited', async () => {
    const audit = new AuditStore();
    const server = new Server(audit);
    await Promise.all(users.map((user) => server.request({ method: 'GET', path: '/profile', user })));
    await until(() => audit.rows.length === users.length);
    expect(new Set(audit.rows.map((r) => r.user)).size).toBe(users.length);
  });

  it('the audit store never uses more than three connections', async () => {
    const audit = new AuditStore();
    await Promise.all(Array.from({ length: 10 }, (_, i) => audit.write({ method: 'GET', path: '/', status: 200, user: `u${i}`, at: i })));
    expect(audit.rows).toHaveLength(10);
    expect(audit.maxBusy).toBe(3);
  });

  it('requests arriving during shutdown are refused, earlier ones answered', async () => {
    const server = new Server(new AuditStore());
    const early = server.request({ method: 'GET', path: '/profile', user: 'ada' });
    const stopping = server.shutdown();
    const late = server.request({ method: 'GET', path: '/profile', user: 'bob' });
    await expect(late).rejects.toThrow('server is shutting down');
    expect((await early).status).toBe(200);
    await stopping;
    expect(server.activeRequests).toBe(0);
  });
});
