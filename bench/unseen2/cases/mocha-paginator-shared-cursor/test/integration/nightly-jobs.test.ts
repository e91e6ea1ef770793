import assert from 'node:assert/strict';
import { CatalogApi } from '../../src/catalog-api.ts';
import { exportCsv, ProductLister, reindex } from '../../src/product-lister.ts';

const skus = Array.from({ length: 14 }, (_, i) => `sku-${String(i).padStart(2, '0')}`);

describe('nightly jobs sharing one lister', () => {
  it('the export and the reindex run at once and each sees the whole catalogue', async () => {
    const lister = new ProductLister(new CatalogApi(skus, 3));
    const indexed: string[] = [];
    const [csv] = await Promise.all([exportCsv(lister), reindex(lister, indexed)]);
    assert.deepEqual(csv.split('\n').slice(1), skus);
    assert.deepEqual(indexed, skus);
  });

  it('two listings started together return the same items', async () => {
    const lister = new ProductLister(new CatalogApi(skus, 4));
    const slowIndex: string[] = [];
    const [all] = await Promise.all([lister.all(), reindex(lister, slowIndex, 3)]);
    assert.deepEqual(all, skus);
    assert.deepEqual(slowIndex, skus);
  });

  it('a second export started while one runs is complete too', async () => {
    const lister = new ProductLister(new CatalogApi(skus, 5));
    const first = exportCsv(lister);
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = exportCsv(lister);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a, b);
    assert.equal(b.split('\n').length, skus.length + 1);
  });
});
