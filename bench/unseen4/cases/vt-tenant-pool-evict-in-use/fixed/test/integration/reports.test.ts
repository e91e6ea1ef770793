import { describe, expect, it } from 'vitest';
import { ClientRegistry } from '../../src/tenant-db';
import { ReportService } from '../../src/reports';

describe('reports for many tenants at once', () => {
  it('two tenants with room for two', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    const done = await Promise.all([reports.build('acme', ['a', 'b']), reports.build('globex', ['a'])]);
    expect(done.map((r) => r.tenant)).toEqual(['acme', 'globex']);
    expect(registry.opened.every((c) => !c.closed)).toBe(true);
  });

  it('reports of one tenant share its connection', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    await Promise.all([1, 2, 3, 4].map(() => reports.build('acme', ['orders'])));
    expect(registry.opened).toHaveLength(1);
    expect(registry.busy('acme')).toBe(0);
  });

  it('three tenants at once with room for two all get their reports', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    const done = await Promise.all([
      reports.build('acme', ['orders', 'invoices', 'refunds']),
      reports.build('globex', ['orders']),
      reports.build('initech', ['orders']),
    ]);
    expect(done.map((r) => r.rows)).toEqual([63, 20, 20]);
  });

  it('a tenant pushed out during its report finishes it and reconnects later', async () => {
    const registry = new ClientRegistry(1, 1);
    const reports = new ReportService(registry);
    const long = reports.build('acme', ['q1', 'q2', 'q3', 'q4']);
    await Promise.all([long, reports.build('globex', ['q1'])]);
    expect((await long).rows).toBe(64);
    await reports.build('acme', ['q1']);
    expect(registry.opened.map((c) => c.tenant)).toEqual(['acme', 'globex', 'acme']);
  });

  it('after a burst only the cached clients stay open', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    await Promise.allSettled(['a', 'b', 'c', 'd'].map((t) => reports.build(t, ['x', 'y'])));
    const open = registry.opened.filter((c) => !c.closed).map((c) => c.tenant);
    expect(open.sort()).toEqual(registry.openTenants().sort());
  });
});
