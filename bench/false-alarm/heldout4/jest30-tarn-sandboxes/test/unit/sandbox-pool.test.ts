import { SandboxService } from '../../src/sandbox-pool';
import { QuotaExceeded, Sandbox } from '../../src/sandbox';

describe('sandbox service, one call at a time', () => {
  let service: SandboxService;
  beforeEach(() => {
    service = new SandboxService();
  });
  afterEach(() => service.close());

  test('evaluates a sum in a leased sandbox and gives the lease back', async () => {
    expect(await service.run('1 + 2 + 3')).toBe(6);
    expect(service.pool.numUsed()).toBe(0);
    expect(service.pool.numFree()).toBe(1);
  });

  test('sequential runs reuse the one sandbox', async () => {
    for (let i = 1; i <= 4; i++) expect(await service.run(`${i}+${i}`)).toBe(2 * i);
    expect(service.pool.numFree()).toBe(1);
    expect(service.maxActive).toBe(1);
  });

  test('a crashed sandbox is destroyed on the next lease and replaced', async () => {
    await expect(service.run('crash')).rejects.toThrow('sandbox crashed');
    const before = Sandbox.created;
    expect(await service.run('2+2')).toBe(4);
    expect(Sandbox.created).toBe(before + 1);
    expect(service.destroyed).toHaveLength(1);
  });

  test('the quota is spent one evaluation at a time, then refused', async () => {
    service.setQuota('ada', 2);
    expect(await service.runForUser('ada', '1+1')).toBe(2);
    expect(await service.runForUser('ada', '2+2')).toBe(4);
    await expect(service.runForUser('ada', '3+3')).rejects.toBeInstanceOf(QuotaExceeded);
    expect(service.remaining('ada')).toBe(0);
  });

  test('a user without a quota is refused before any lease', async () => {
    await expect(service.runForUser('bob', '1')).rejects.toBeInstanceOf(QuotaExceeded);
    expect(service.pool.numUsed() + service.pool.numFree()).toBe(0);
  });
});
