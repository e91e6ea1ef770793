import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog } from '../../src/catalog';
import { Inventory, OutOfStock } from '../../src/inventory';
import { Store } from '../../src/store';

test('concurrent catalog additions all land (TableLock over a Mutex)', async () => {
  const catalog = new Catalog(new Store());
  const skus = ['a', 'b', 'c', 'd', 'e', 'f'];
  await Promise.all(skus.map((sku) => catalog.add(sku)));
  assert.deepEqual((await catalog.list()).sort(), skus);
  assert.equal(catalog.maxInside, 1);
  assert.equal(catalog.locked(), false);
});

test('a duplicate added twice at once is refused once', async () => {
  const catalog = new Catalog(new Store());
  const results = await Promise.allSettled([catalog.add('kiwi'), catalog.add('kiwi')]);
  assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
  assert.deepEqual(await catalog.list(), ['kiwi']);
});

test('same product: concurrent adjustments are serialized and exact', async () => {
  const inv = new Inventory(new Store());
  await Promise.all(Array.from({ length: 8 }, () => inv.adjust('apple', 1)));
  assert.equal(await inv.stock('apple'), 8);
  assert.equal(inv.maxInsidePerKey, 1);
});

test('same product: concurrent takes never oversell', async () => {
  const inv = new Inventory(new Store());
  await inv.adjust('apple', 3);
  const results = await Promise.allSettled(Array.from({ length: 5 }, () => inv.adjust('apple', -1)));
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
  assert.ok(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof OutOfStock));
  assert.equal(await inv.stock('apple'), 0);
});

test('different products are adjusted in parallel: each holder waits for the other', async () => {
  const inv = new Inventory(new Store());
  let arrived = 0;
  let release!: () => void;
  const both = new Promise<void>((resolve) => (release = resolve));
  const hold = async () => {
    arrived++;
    if (arrived === 2) release();
    await both;
  };
  const [apple, pear] = await Promise.all([inv.adjust('apple', 2, hold), inv.adjust('pear', 3, hold)]);
  assert.equal(apple, 2);
  assert.equal(pear, 3);
  assert.equal(inv.maxInsideOverall, 2);
  assert.equal(inv.maxInsidePerKey, 1);
});
