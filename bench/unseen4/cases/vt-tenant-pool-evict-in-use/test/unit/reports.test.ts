import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/lru';
import { ClientRegistry } from '../../src/tenant-db';
import { ReportService, sectionQuery } from '../../src/reports';

describe('lru cache', () => {
  it('a read makes an entry the most recent', () => {
    const evicted: string[] = [];
    const lru = new LruCache<string, number>(2, (k) => evicted.push(k));
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(evicted).toEqual(['b']);
    expect(lru.keys()).toEqual(['a', 'c']);
  });

  it('replacing a key does not evict', () => {
    const lru = new LruCache<string, number>(1);
    lru.set('a', 1);
    lru.set('a', 2);
    expect(lru.size).toBe(1);
    expect(lru.get('a')).toBe(2);
  });
});

describe('reports', () => {
  it('turns section names into table queries', () => {
    expect(sectionQuery('Sales 2024')).toBe('SELECT * FROM sales_2024');
  });

  it('builds a report and reuses the tenant client', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    expect(await reports.build('acme', ['a', 'bb'])).toEqual({ tenant: 'acme', rows: 31 });
    await reports.build('acme', ['a']);
    expect(registry.opened).toHaveLength(1);
    expect(registry.opened[0].statements).toHaveLength(3);
  });

  it('the least recently used tenant is closed when a new one arrives', async () => {
    const registry = new ClientRegistry(2);
    const reports = new ReportService(registry);
    for (const tenant of ['acme', 'globex', 'initech']) await reports.build(tenant, ['orders']);
    expect(registry.openTenants()).toEqual(['globex', 'initech']);
    expect(registry.opened.map((c) => c.closed)).toEqual([true, false, false]);
    expect(registry.retired).toEqual(['acme']);
  });

  it('a failing report releases its client', async () => {
    const registry = new ClientRegistry(1);
    await expect(registry.withClient('acme', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(registry.busy('acme')).toBe(0);
    expect(await new ReportService(registry).build('acme', ['x'])).toEqual({ tenant: 'acme', rows: 15 });
  });
});
