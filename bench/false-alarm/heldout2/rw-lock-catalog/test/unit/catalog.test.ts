import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog } from '../../src/catalog.ts';

const seed = () => [
  { sku: 'A1', name: 'kettle', price: 20 },
  { sku: 'B2', name: 'toaster', price: 30 },
];

test('lookup returns a copy of the product and the version', async () => {
  const c = new Catalog(seed());
  const { product, version } = await c.lookup('A1');
  assert.deepEqual(product, { sku: 'A1', name: 'kettle', price: 20 });
  assert.equal(version, 0);
  assert.deepEqual(await c.lookup('nope'), { product: undefined, version: 0 });
});

test('reprice changes every price and bumps the version', async () => {
  const c = new Catalog(seed());
  assert.equal(await c.reprice(1.1), 1);
  assert.equal(await c.total(), 55);
  assert.deepEqual(c.lockState, { readers: 0, writing: false, waiting: 0 });
});

test('upsert adds a product', async () => {
  const c = new Catalog(seed());
  await c.upsert({ sku: 'C3', name: 'blender', price: 50 });
  assert.equal(await c.total(), 100);
  assert.equal(c.version, 1);
});

test('a failing reader releases the lock', async () => {
  const c = new Catalog(seed());
  await assert.rejects(c.readWith(async () => { throw new Error('render failed'); }), /render failed/);
  assert.equal(await c.reprice(2), 1);
  assert.deepEqual(c.lockState, { readers: 0, writing: false, waiting: 0 });
});
