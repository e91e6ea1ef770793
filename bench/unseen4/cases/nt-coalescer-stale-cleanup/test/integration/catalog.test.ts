import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProductBackend } from '../../src/backend.ts';
import { CatalogService } from '../../src/catalog.ts';

function setup() {
  const backend = new ProductBackend();
  backend.seed([
    { id: 'p1', name: 'Kettle', priceCents: 2499 },
    { id: 'p2', name: 'Toaster', priceCents: 3950 },
    { id: 'p3', name: 'Blender', priceCents: 5900 },
  ]);
  return { backend, catalog: new CatalogService(backend) };
}

/** A page view starts, the price changes, and more page views arrive while the new price loads. */
async function repriceWhileBrowsing(catalog: CatalogService, id: string, priceCents: number) {
  const before = catalog.getProduct(id);
  await catalog.updatePrice(id, priceCents);
  const after = catalog.getProduct(id);
  await before;
  const later = catalog.getProduct(id);
  return Promise.all([after, later]);
}

describe('catalog under concurrent page views', () => {
  it('many page views of one product share one load', async () => {
    const { catalog, backend } = setup();
    const views = await Promise.all([1, 2, 3, 4, 5].map(() => catalog.getProduct('p1')));
    assert.ok(views.every((v) => v.display === '€24,99'));
    assert.equal(backend.reads, 1);
  });

  it('a listing with repeated products loads each once', async () => {
    const { catalog, backend } = setup();
    const products = await catalog.getMany(['p1', 'p2', 'p1', 'p3', 'p2']);
    assert.deepEqual(products.map((p) => p.name), ['Kettle', 'Toaster', 'Kettle', 'Blender', 'Toaster']);
    assert.equal(backend.reads, 3);
  });

  it('page views after a price change load the new price once', async () => {
    const { catalog, backend } = setup();
    const views = await repriceWhileBrowsing(catalog, 'p1', 1299);
    assert.deepEqual(views.map((v) => v.priceCents), [1299, 1299]);
    assert.equal(backend.redundantReads, 0);
  });

  it('two products repriced during a sale', async () => {
    const { catalog, backend } = setup();
    const [p2, p3] = await Promise.all([repriceWhileBrowsing(catalog, 'p2', 2950), repriceWhileBrowsing(catalog, 'p3', 4900)]);
    assert.deepEqual([...p2, ...p3].map((v) => v.priceCents), [2950, 2950, 4900, 4900]);
    assert.equal(backend.redundantReads, 0);
  });

  it('a listing during a price change ends with the new price', async () => {
    const { catalog } = setup();
    await Promise.all([catalog.getMany(['p1', 'p2']), catalog.updatePrice('p2', 3500)]);
    assert.equal((await catalog.getProduct('p2')).priceCents, 3500);
  });
});
