import { afterEach, describe, expect, test } from 'vitest';
import { FakeRelay, Mailer } from '../../src/mailer';
import { TenantBucket } from '../../src/tenant-bucket';
import { jitter } from '../helpers';

let mailer: Mailer | undefined;
afterEach(() => mailer?.close());

const msg = (id: string, tenant = 'acme', to = `${id}@ok.example`) => ({ id, tenant, to });

describe('many messages at once', () => {
  test('seven sends in one turn go in call order, two per 30 ms interval at most', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 2, interval: 30 });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    await Promise.all(ids.map((id) => mailer!.send(msg(id))));
    expect(mailer.grants.map((g) => g.id)).toEqual(ids);
    const at = mailer.grants.map((g) => g.at);
    // The 3rd grant needs a second interval, the 5th a third, the 7th a fourth (lower bounds only).
    expect(at[2]).toBeGreaterThanOrEqual(29.5);
    expect(at[4]).toBeGreaterThanOrEqual(59.5);
    expect(at[6]).toBeGreaterThanOrEqual(89.5);
    expect([...mailer.relay.delivered].sort()).toEqual(ids);
  });

  test('five sendNow calls at random moments: exactly two sent, three deferred', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 2, interval: 'minute' });
    const outcomes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(async (id) => (await jitter(), mailer!.sendNow(msg(id)))));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'deferred')).toHaveLength(3);
    expect(mailer.relay.delivered).toHaveLength(2);
  });

  test('a tenant bucket of two: four takes in one turn, two granted at once, two served by refills in order', async () => {
    const bucket = new TenantBucket(2, 5);
    const order: number[] = [];
    const takes = [1, 2, 3, 4].map((i) => bucket.take().then(() => order.push(i)));
    expect(bucket.granted).toBe(2);
    expect(bucket.waiting).toBe(2);
    await Promise.all(takes);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(bucket.refills).toBeGreaterThanOrEqual(2);
    bucket.stop();
  });

  test('a newcomer arriving at a random moment never overtakes the waiters', async () => {
    const bucket = new TenantBucket(1, 5);
    const order: string[] = [];
    await bucket.take();
    const waiters = ['w1', 'w2', 'w3'].map((w) => bucket.take().then(() => order.push(w)));
    const late = (async () => {
      await jitter();
      await bucket.take();
      order.push('late');
    })();
    await Promise.all([...waiters, late]);
    expect(order.slice(0, 3)).toEqual(['w1', 'w2', 'w3']);
    expect(order).toHaveLength(4);
    bucket.stop();
  });

  test('three tenants at random moments: each message once, each tenant in the order it called', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 4, interval: 20, tenantCapacity: 2, tenantRefillMs: 4 });
    const called: Record<string, string[]> = { acme: [], globex: [], initech: [] };
    const sends = Array.from({ length: 12 }, async (_, i) => {
      const tenant = ['acme', 'globex', 'initech'][i % 3];
      await jitter();
      called[tenant].push(`m${i}`);
      return mailer!.send(msg(`m${i}`, tenant));
    });
    await Promise.all(sends);
    expect([...mailer.relay.delivered].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`).sort());
    for (const tenant of Object.keys(called)) {
      const granted = mailer.grants.map((g) => g.id).filter((id) => called[tenant].includes(id));
      expect(granted).toEqual(called[tenant]);
    }
  });

  test('bounces among concurrent sends fail alone; the rest are delivered', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 3, interval: 15 });
    const list = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => msg(id, 'acme', id === 'b' || id === 'e' ? `${id}@bounce.example` : `${id}@ok.example`));
    const settled = await Promise.allSettled(list.map(async (m) => (await jitter(), mailer!.send(m))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect([...mailer.relay.delivered].sort()).toEqual(['a', 'c', 'd', 'f']);
    expect(mailer.grants).toHaveLength(6);
  });

  test('two mailers pace independently', async () => {
    const a = new Mailer(new FakeRelay(), { perInterval: 1, interval: 'minute' });
    const b = new Mailer(new FakeRelay(), { perInterval: 1, interval: 'minute' });
    const [ra, rb, ra2] = await Promise.all([a.sendNow(msg('a1')), b.sendNow(msg('b1')), a.sendNow(msg('a2'))]);
    expect([ra, rb, ra2]).toEqual(['sent', 'sent', 'deferred']);
    expect(a.relay.delivered).toEqual(['a1']);
    expect(b.relay.delivered).toEqual(['b1']);
  });
});
