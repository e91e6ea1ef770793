import { Catalog } from '../../src/catalog';
import { ProductDb, sampleProducts } from '../../src/product-db';

describe('DataLoader batching under concurrent loads', () => {
  test('loads started in one tick become one batch of distinct SKUs, results in call order', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    const skus = ['A1', 'C2', 'A1', 'B2', 'C2', 'A3'];
    const got = await Promise.all(skus.map((sku) => catalog.product(sku)));
    expect(got.map((p) => p.sku)).toEqual(skus);
    expect(db.batches).toEqual([['A1', 'C2', 'B2', 'A3']]);
  });

  test('maxBatchSize 3 splits seven SKUs into batches of 3, 3 and 1, all sent together', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db, 3);
    const skus = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2'];
    const got = await catalog.products(skus);
    expect(got.map((p) => p.price)).toEqual([10, 12, 7, 30, 25, 3, 4]);
    expect(db.batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(db.batches.flat().sort()).toEqual([...skus].sort());
    expect(db.maxInFlight).toBe(3);
  });

  test('concurrent bundle prices share the parts: every SKU is read once', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    const prices = await Promise.all(['K1', 'B1', 'B2', 'K1'].map((sku) => catalog.bundlePrice(sku)));
    expect(prices).toEqual([25, 22, 19, 25]);
    for (const [sku, n] of db.reads) expect([sku, n]).toEqual([sku, 1]);
    expect(db.batches[0]).toEqual(['K1', 'B1', 'B2']);
  });

  test('a missing SKU rejects only its own load', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    const { found, missing } = await catalog.tryProducts(['C1', 'X9', 'C3', 'Y7']);
    expect(found.map((p) => p.sku)).toEqual(['C1', 'C3']);
    expect(missing).toEqual(['X9', 'Y7']);
    expect(db.batches).toHaveLength(1);
  });
});
