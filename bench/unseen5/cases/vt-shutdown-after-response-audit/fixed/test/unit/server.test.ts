import { describe, expect, it } from 'vitest';
import { AuditStore, Semaphore } from '../../src/audit-store';
import { Server } from '../../src/server';

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 1));
};

describe('server', () => {
  it('answers a request and audits it after the response', async () => {
    const audit = new AuditStore();
    const server = new Server(audit);
    const res = await server.request({ method: 'GET', path: '/profile', user: 'ada' });
    expect(JSON.parse(res.body)).toEqual({ user: 'ada' });
    await until(() => audit.rows.length === 1);
    expect(audit.rows[0]).toMatchObject({ method: 'GET', path: '/profile', status: 200, user: 'ada' });
  });

  it('audits unknown paths as 404', async () => {
    const audit = new AuditStore();
    const res = await new Server(audit).request({ method: 'GET', path: '/admin', user: 'bob' });
    expect(res.status).toBe(404);
    await until(() => audit.rows.length === 1);
    expect(audit.rows[0].status).toBe(404);
  });

  it('shutting down an idle server closes the store', async () => {
    const audit = new AuditStore();
    const server = new Server(audit);
    await server.shutdown();
    await expect(audit.write({ method: 'GET', path: '/', status: 200, user: 'x', at: 0 })).rejects.toThrow('audit store is closed');
  });

  it('refuses requests once shutdown has begun', async () => {
    const server = new Server(new AuditStore());
    const stopping = server.shutdown();
    await expect(server.request({ method: 'GET', path: '/profile', user: 'ada' })).rejects.toThrow('server is shutting down');
    await stopping;
  });

  it('the store finishes a write started before close', async () => {
    const audit = new AuditStore();
    const write = audit.write({ method: 'POST', path: '/logout', status: 200, user: 'cy', at: 1 });
    await audit.close();
    await write;
    expect(audit.rows).toHaveLength(1);
  });

  it('a semaphore of one serializes its holders', async () => {
    const sem = new Semaphore(1);
    await sem.acquire();
    let second = false;
    const waiting = sem.acquire().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    sem.release();
    await waiting;
    expect(second).toBe(true);
  });
});
