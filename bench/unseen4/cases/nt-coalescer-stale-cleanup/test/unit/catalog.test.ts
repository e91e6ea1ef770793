import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProductBackend } from '../../src/backend.ts';
import { CatalogService, formatPrice } from '../../src/catalog.ts';
import { Coalescer } from '../../src/coalescer.ts';

function setup() {
  const backend = new ProductBackend();
  backend.seed([
    { id: 'p1', name: 'Kettle', priceCents: 2499 },
    { id: 'p2', name: 'Toaster', priceCents: 3950 },
  ]);
  return { backend, catalog: new CatalogService(backend) };
}

describe('catalog', () => {
  it('formats prices in euros', () => {
    assert.equal(formatPrice(2499), '€24,99');
    assert.equal(formatPrice(5), '€0,05');
  });

  it('shows a product with its price', async () => {
    const { catalog } = setup();
    assert.deepEqual(await catalog.getProduct('p2'), { id: 'p2', name: 'Toaster', priceCents: 3950, display: '€39,50' });
  });

  it('a missing product is an error, and is looked up again next time', async () => {
    const { catalog, backend } = setup();
    await assert.rejects(catalog.getProduct('p9'), /product p9 not found/);
    await assert.rejects(catalog.getProduct('p9'), /product p9 not found/);
    assert.equal(backend.reads, 2);
  });

  it('the next read after a price change sees the new price', async () => {
    const { catalog } = setup();
    await catalog.getProduct('p1');
    await catalog.updatePrice('p1', 1999);
    assert.equal((await catalog.getProduct('p1')).display, '€19,99');
    assert.equal(catalog.loadsStarted, 2);
  });

  it('refuses a negative or fractional price', async () => {
    const { catalog } = setup();
    await assert.rejects(catalog.updatePrice('p1', -1), /whole number of cents/);
    await assert.rejects(catalog.updatePrice('p1', 10.5), /whole number of cents/);
  });

  it('a coalescer with nothing in flight starts a new load each time', async () => {
    const coalescer = new Coalescer<number>();
    assert.equal(await coalescer.run('k', async () => 1), 1);
    coalescer.forget('k');
    assert.equal(await coalescer.run('k', async () => 2), 2);
    assert.equal(coalescer.started, 2);
    assert.equal(coalescer.inFlight, 0);
  });
});
