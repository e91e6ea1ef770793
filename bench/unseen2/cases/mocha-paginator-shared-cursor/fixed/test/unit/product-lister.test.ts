import assert from 'node:assert/strict';
import { CatalogApi } from '../../src/catalog-api.ts';
import { exportCsv, ProductLister, reindex, toCsvRow } from '../../src/product-lister.ts';

const skus = ['tea-01', 'tea-02', 'mug-01', 'mug-02', 'pot-01', 'cup "big"', 'cup-02'];

describe('ProductLister', () => {
  it('quotes CSV fields that need it', () => {
    assert.equal(toCsvRow('tea-01'), 'tea-01');
    assert.equal(toCsvRow('cup "big"'), '"cup ""big"""');
    assert.equal(toCsvRow('a,b'), '"a,b"');
  });

  it('reads every page once', async () => {
    const api = new CatalogApi(skus, 3);
    const lister = new ProductLister(api);
    assert.deepEqual(await lister.all(), skus);
    assert.equal(api.requests, 3);
    assert.equal(lister.pagesRead, 3);
  });

  it('walks an empty catalogue in one request', async () => {
    const lister = new ProductLister(new CatalogApi([]));
    assert.deepEqual(await lister.all(), []);
  });

  it('exports and then reindexes with the same lister', async () => {
    const lister = new ProductLister(new CatalogApi(skus, 2));
    const csv = await exportCsv(lister);
    assert.equal(csv.split('\n').length, skus.length + 1);
    const indexed: string[] = [];
    assert.equal(await reindex(lister, indexed, 1), 4);
    assert.deepEqual(indexed, skus);
  });
});
