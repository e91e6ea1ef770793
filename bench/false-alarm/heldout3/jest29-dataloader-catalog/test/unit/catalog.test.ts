import { Catalog, NotFoundError } from '../../src/catalog';
import { ProductDb, sampleProducts } from '../../src/product-db';

describe('Catalog, one call at a time', () => {
  test('loads a product', async () => {
    const db = new ProductDb(sampleProducts());
    const p = await new Catalog(db).product('A1');
    expect(p).toMatchObject({ sku: 'A1', price: 10 });
    expect(db.batches).toEqual([['A1']]);
  });

  test('a second load of the same SKU is served from the cache', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    await catalog.product('A2');
    await catalog.product('A2');
    expect(db.reads.get('A2')).toBe(1);
  });

  test('an unknown SKU rejects with NotFoundError', async () => {
    const catalog = new Catalog(new ProductDb(sampleProducts()));
    await expect(catalog.product('ZZ')).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a bundle costs the sum of its parts', async () => {
    const catalog = new Catalog(new ProductDb(sampleProducts()));
    expect(await catalog.bundlePrice('B1')).toBe(22);
    expect(await catalog.bundlePrice('K1')).toBe(25);
  });

  test('reprice updates the cached product', async () => {
    const db = new ProductDb(sampleProducts());
    const catalog = new Catalog(db);
    await catalog.product('C1');
    await catalog.reprice('C1', 9);
    expect((await catalog.product('C1')).price).toBe(9);
    expect(db.reads.get('C1')).toBe(1);
  });
});
