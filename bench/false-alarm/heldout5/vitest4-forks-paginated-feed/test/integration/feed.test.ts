import { describe, expect, test } from 'vitest';
import { CatalogApi, Product, products } from '../../src/catalog-api';
import { Importer, ProductStore } from '../../src/importer';
import { gate, jitter, until } from '../helpers';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
};

async function readAll(api: CatalogApi, slow = false): Promise<string[]> {
  const out: string[] = [];
  for await (const p of products(api)) {
    if (slow) await jitter();
    out.push(p.sku);
  }
  return out;
}

describe('the feed fetches exactly one page ahead', () => {
  test('a consumer held at its first product: pages 0 and 1 requested, never page 2', async () => {
    const api = new CatalogApi('a', 5);
    const it = products(api);
    const first = await it.next();
    expect((first.value as Product).sku).toBe('a-0');
    await until(() => api.requested.length === 2 && api.inFlight === 0);
    await turns(5);
    expect(api.requested).toEqual([0, 1]);
    const rest: string[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value.sku);
    expect(rest).toEqual(Array.from({ length: 19 }, (_, k) => `a-${k + 1}`));
    expect(api.requested).toEqual([0, 1, 2, 3, 4]);
  });

  test('two feeds read at once by slow consumers: each in order, one page in flight per feed', async () => {
    const a = new CatalogApi('a', 4);
    const b = new CatalogApi('b', 3, 3);
    const [ra, rb] = await Promise.all([readAll(a, true), readAll(b, true)]);
    expect(ra).toEqual(Array.from({ length: 16 }, (_, k) => `a-${k}`));
    expect(rb).toEqual(Array.from({ length: 9 }, (_, k) => `b-${k}`));
    expect(a.requested).toEqual([0, 1, 2, 3]);
    expect(b.requested).toEqual([0, 1, 2]);
    expect(a.maxInFlight).toBe(1);
    expect(b.maxInFlight).toBe(1);
  });

  test('a consumer that stops early leaves the page fetched ahead; its failure is never raised', async () => {
    const api = new CatalogApi('c', 6);
    api.failing.add(1);
    const got: string[] = [];
    for await (const p of products(api)) {
      got.push(p.sku);
      if (got.length === 3) break;
    }
    await until(() => api.inFlight === 0);
    await turns(5);
    expect(got).toEqual(['c-0', 'c-1', 'c-2']);
    expect(api.requested).toEqual([0, 1]);
  });

  test('a failing page reaches the consumer after every product before it', async () => {
    const api = new CatalogApi('d', 4);
    api.failing.add(2);
    const got: string[] = [];
    const error = await (async () => {
      for await (const p of products(api)) got.push(p.sku);
    })().catch((e: Error) => e);
    expect((error as Error).message).toBe('d: page 2 failed (503)');
    expect(got).toEqual(Array.from({ length: 8 }, (_, k) => `d-${k}`));
    expect(api.requested).toEqual([0, 1, 2]);
  });
});

describe('importing with p-settle', () => {
  test('gated upserts: exactly two in flight, never a third', async () => {
    const store = new ProductStore();
    const g = gate();
    store.hold = g.wait;
    const importing = new Importer(store, 2).importAll(new CatalogApi('e', 3));
    await until(() => store.inFlight === 2);
    await turns(5);
    expect(store.inFlight).toBe(2);
    expect(store.writes).toBe(0);
    g.open();
    expect(await importing).toEqual({ imported: 12, failed: [], pages: 3 });
    expect(store.maxInFlight).toBe(2);
  });

  test('two imports into one store at once: every product written once', async () => {
    const store = new ProductStore();
    const [ra, rb] = await Promise.all([
      new Importer(store).importAll(new CatalogApi('f', 2)),
      new Importer(store).importAll(new CatalogApi('g', 3), (p) => (p.sku === 'g-5' ? { ...p, price: -5 } : p)),
    ]);
    expect(ra).toEqual({ imported: 8, failed: [], pages: 2 });
    expect(rb).toEqual({ imported: 11, failed: ['g-5'], pages: 3 });
    expect(store.rows.size).toBe(19);
    expect(store.writes).toBe(19);
    expect(store.maxInFlight).toBeLessThanOrEqual(4);
  });

  test('an export started during an import writes exactly the rows present when it started', async () => {
    const store = new ProductStore();
    const importer = new Importer(store);
    const importing = importer.importAll(new CatalogApi('h', 4));
    await until(() => store.rows.size >= 5);
    const expected = [...store.rows].map(([sku, price]) => `${sku}=${price}`);
    const sink: string[] = [];
    const [report, exported] = await Promise.all([importing, importer.exportSnapshot(sink)]);
    expect(sink).toEqual(expected);
    expect(exported).toBe(expected.length);
    expect(report.imported).toBe(16);
    expect(store.rows.size).toBe(16);
  });
});
