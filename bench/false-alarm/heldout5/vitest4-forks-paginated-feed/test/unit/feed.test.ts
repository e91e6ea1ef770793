import { describe, expect, test } from 'vitest';
import { CatalogApi, products } from '../../src/catalog-api';
import { Importer, ProductStore } from '../../src/importer';

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('catalog feed, one consumer at a time', () => {
  test('yields every product of three pages in order, each page fetched once', async () => {
    const api = new CatalogApi('a', 3);
    const items = await all(products(api));
    expect(items.map((p) => p.sku)).toEqual(Array.from({ length: 12 }, (_, k) => `a-${k}`));
    expect(api.requested).toEqual([0, 1, 2]);
  });

  test('a single page is fetched once and the feed ends', async () => {
    const api = new CatalogApi('b', 1, 2);
    expect(await all(products(api))).toEqual([
      { sku: 'b-0', price: 100 },
      { sku: 'b-1', price: 101 },
    ]);
    expect(api.requested).toEqual([0]);
  });

  test('importAll upserts every product, page by page', async () => {
    const importer = new Importer(new ProductStore());
    const report = await importer.importAll(new CatalogApi('c', 3));
    expect(report).toEqual({ imported: 12, failed: [], pages: 3 });
    expect(importer.store.rows.get('c-11')).toBe(111);
  });

  test('products the store refuses are reported, the others imported', async () => {
    const importer = new Importer(new ProductStore());
    const report = await importer.importAll(new CatalogApi('d', 2), (p) =>
      p.sku.endsWith('-3') || p.sku.endsWith('-6') ? { ...p, price: -1 } : p,
    );
    expect(report.imported).toBe(6);
    expect(report.failed).toEqual(['d-3', 'd-6']);
  });

  test('an export writes every row in insertion order', async () => {
    const importer = new Importer(new ProductStore());
    await importer.importAll(new CatalogApi('e', 1));
    const sink: string[] = [];
    expect(await importer.exportSnapshot(sink)).toBe(4);
    expect(sink).toEqual(['e-0=100', 'e-1=101', 'e-2=102', 'e-3=103']);
  });
});
