import { Catalog } from '../../src/catalog';
import { ProductDb, sampleProducts } from '../../src/product-db';

const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

describe('per-request catalogs and writes', () => {
  test('two requests at once have their own caches: each reads its SKUs once', async () => {
    const db = new ProductDb(sampleProducts());
    const request = async (skus: string[]) => {
      const catalog = new Catalog(db);
      await jitter();
      const first = await catalog.products(skus);
      const again = await catalog.products(skus);
      return { first, again };
    };
    const [r1, r2] = await Promise.all([request(['A1', 'A2']), request(['A2', 'A3'])]);
    expect(r1.again.map((p) => p.sku)).toEqual(['A1', 'A2']);
    expect(r2.again.map((p) => p.sku)).toEqual(['A2', 'A3']);
    expect(db.reads.get('A1')).toBe(1);
    expect(db.reads.get('A2')).toBe(2);
    expect(db.reads.get('A3')).toBe(1);
  });

  test('after a reprice and a concurrent load both settle, the catalog serves the new price', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    const [loaded, stored] = await Promise.all([catalog.product('C2'), catalog.reprice('C2', 40)]);
    expect([4, 40]).toContain(loaded.price);
    expect(stored.price).toBe(40);
    expect((await catalog.product('C2')).price).toBe(40);
  });

  test('reprices of different SKUs at once all land', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    await catalog.products(['A1', 'A2', 'A3']);
    await Promise.all([catalog.reprice('A1', 11), catalog.reprice('A2', 13), catalog.reprice('A3', 8)]);
    expect((await catalog.products(['A1', 'A2', 'A3'])).map((p) => p.price)).toEqual([11, 13, 8]);
    expect(await catalog.bundlePrice('B1')).toBe(24);
  });

  test('many loads of one SKU from staggered callers hit the database at most once', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    const got = await Promise.all(
      Array.from({ length: 8 }, async () => {
        await jitter();
        return catalog.product('B2');
      }),
    );
    expect(new Set(got.map((p) => p.price))).toEqual(new Set([25]));
    expect(db.reads.get('B2')).toBe(1);
  });
});
