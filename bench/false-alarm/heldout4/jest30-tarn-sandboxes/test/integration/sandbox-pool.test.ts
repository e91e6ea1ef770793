import { TimeoutError } from 'tarn';
import { SandboxService } from '../../src/sandbox-pool';
import { QuotaExceeded } from '../../src/sandbox';
import { gate, jitter, pause, until } from '../helpers';

describe('two sandboxes, many callers', () => {
  let service: SandboxService;
  afterEach(() => service.close());

  test('two gated holders meet inside the pool; the other four wait, never a third inside', async () => {
    service = new SandboxService({ max: 2 });
    const g = gate();
    const runs = [1, 2, 3, 4, 5, 6].map((i) => service.run(`${i}+0`, g.wait));
    await until(() => service.active === 2 && service.pool.numPendingAcquires() === 4);
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
    expect(service.active).toBe(2);
    expect(service.pool.numUsed()).toBe(2);
    g.open();
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(service.maxActive).toBe(2);
    expect(service.pool.numUsed()).toBe(0);
  });

  test('twelve callers arriving at random moments: no sandbox is leased twice, all sums right', async () => {
    service = new SandboxService({ max: 2 });
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await jitter();
        return service.run(`${i} + ${i} + 1`);
      }),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => 2 * i + 1));
    expect(service.maxActive).toBeLessThanOrEqual(2);
    expect(service.pool.numFree() + service.pool.numUsed()).toBeLessThanOrEqual(2);
  });

  test('crashes among concurrent runs fail alone; the dead sandboxes are replaced', async () => {
    service = new SandboxService({ max: 2 });
    const codes = ['1+1', 'crash', '2+2', '3+3', 'crash', '4+4', '5+5'];
    const settled = await Promise.allSettled(codes.map(async (c) => (await jitter(), service.run(c))));
    const ok = settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value);
    expect(ok.sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10]);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(2);
    expect(await Promise.all([service.run('6+6'), service.run('7+7')])).toEqual([12, 14]);
  });

  test('eight callers with a quota of three: exactly three evaluate, five are refused', async () => {
    service = new SandboxService({ max: 2 });
    service.setQuota('ada', 3);
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, async (_, i) => {
        await jitter();
        return service.runForUser('ada', `${i}+1`);
      }),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    const refused = settled.filter((s) => s.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toBeInstanceOf(QuotaExceeded);
    expect(service.remaining('ada')).toBe(0);
  });

  test('quotas of two users are spent independently while they share the two sandboxes', async () => {
    service = new SandboxService({ max: 2 });
    service.setQuota('ada', 4);
    service.setQuota('bob', 2);
    const calls = ['ada', 'bob', 'ada', 'bob', 'ada', 'bob', 'ada', 'ada'].map(async (u, i) => {
      await jitter();
      return service.runForUser(u, `${i}`);
    });
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(6);
    expect(service.remaining('ada')).toBe(0);
    expect(service.remaining('bob')).toBe(0);
  });

  test('a caller that cannot get a sandbox in time gets a TimeoutError; the holders finish', async () => {
    service = new SandboxService({ max: 2, acquireTimeoutMillis: 30 });
    const g = gate();
    const holders = [service.run('1+1', g.wait), service.run('2+2', g.wait)];
    await until(() => service.active === 2);
    const started = Date.now();
    await expect(service.run('3+3')).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    g.open();
    expect(await Promise.all(holders)).toEqual([2, 4]);
    await pause(1);
    expect(await service.run('3+3')).toBe(6);
  });
});
