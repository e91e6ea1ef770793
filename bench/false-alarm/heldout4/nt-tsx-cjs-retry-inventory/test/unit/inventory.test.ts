import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inventory, OutOfStock, UnknownSku } from '../../src/inventory';
import { ConflictError, VersionedStore } from '../../src/versioned-store';
import { slowCatalog } from '../helpers';

test('an adjustment reads, writes the new value and bumps the version', async () => {
  const store = new VersionedStore();
  store.seed('apple', 10);
  const inv = new Inventory(store, slowCatalog({ n: 0 }));
  assert.equal(await inv.adjust('apple', -3), 7);
  assert.deepEqual(await store.get('apple'), { value: 7, version: 2 });
  assert.equal(inv.retries, 0);
});

test('a put computed from an old version is a conflict', async () => {
  const store = new VersionedStore();
  store.seed('pear', 1);
  await store.put('pear', 2, 1);
  await assert.rejects(store.put('pear', 5, 1), ConflictError);
  assert.equal(store.conflicts, 1);
});

test('taking more than is left bails out at once with OutOfStock', async () => {
  const store = new VersionedStore();
  store.seed('plum', 2);
  const inv = new Inventory(store, slowCatalog({ n: 0 }));
  await assert.rejects(inv.adjust('plum', -3), OutOfStock);
  assert.equal(inv.retries, 0);
  assert.deepEqual(await store.get('plum'), { value: 2, version: 1 });
});

test('an unknown SKU bails out at once', async () => {
  const inv = new Inventory(new VersionedStore(), slowCatalog({ n: 0 }));
  await assert.rejects(inv.adjust('kiwi', 1), UnknownSku);
  assert.equal(inv.retries, 0);
});

test('a sale takes stock and prices it from the catalog, loaded once', async () => {
  const store = new VersionedStore();
  store.seed('apple', 5);
  const calls = { n: 0 };
  const inv = new Inventory(store, slowCatalog(calls));
  assert.deepEqual(await inv.sell('apple', 2), { left: 3, total: 6 });
  assert.deepEqual(await inv.sell('apple', 1), { left: 2, total: 3 });
  assert.equal(calls.n, 1);
});
