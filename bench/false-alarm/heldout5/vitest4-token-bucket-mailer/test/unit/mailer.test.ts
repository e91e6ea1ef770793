import { afterEach, describe, expect, test } from 'vitest';
import { FakeRelay, Mailer } from '../../src/mailer';
import { TenantBucket } from '../../src/tenant-bucket';

let mailer: Mailer | undefined;
afterEach(() => mailer?.close());

const msg = (id: string, tenant = 'acme', to = `${id}@ok.example`) => ({ id, tenant, to });

describe('mailer, one message at a time', () => {
  test('a message within the pace is delivered at once', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 5, interval: 'second' });
    await mailer.send(msg('m1'));
    expect(mailer.relay.delivered).toEqual(['m1']);
    expect(mailer.grants.map((g) => g.id)).toEqual(['m1']);
  });

  test('sequential messages are all delivered in order', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 10, interval: 'second' });
    for (const id of ['a', 'b', 'c', 'd']) await mailer.send(msg(id));
    expect(mailer.relay.delivered).toEqual(['a', 'b', 'c', 'd']);
  });

  test('sendNow is deferred once the interval allowance is spent', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 2, interval: 'minute' });
    expect(await mailer.sendNow(msg('a'))).toBe('sent');
    expect(await mailer.sendNow(msg('b'))).toBe('sent');
    expect(await mailer.sendNow(msg('c'))).toBe('deferred');
    expect(mailer.relay.delivered).toEqual(['a', 'b']);
  });

  test('a bounced message rejects and spends its token', async () => {
    mailer = new Mailer(new FakeRelay(), { perInterval: 2, interval: 'minute' });
    await expect(mailer.send(msg('x', 'acme', 'x@bounce.example'))).rejects.toThrow('mailbox unavailable');
    expect(mailer.limiter.tryRemoveTokens(1)).toBe(true);
    expect(mailer.limiter.tryRemoveTokens(1)).toBe(false);
  });

  test('a tenant bucket grants its capacity, then waits for a refill', async () => {
    const bucket = new TenantBucket(1, 5);
    await bucket.take();
    expect(bucket.tokens).toBe(0);
    await bucket.take();
    expect(bucket.refills).toBeGreaterThanOrEqual(1);
    expect(bucket.granted).toBe(2);
    bucket.stop();
  });
});
