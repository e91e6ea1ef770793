import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog } from '../../src/catalog';
import { Inventory, OutOfStock } from '../../src/inventory';
import { Store } from '../../src/store';
import { TableLock } from '../../src/table-lock';

test('TableLock: lock, unlock, lock again', async () => {
  const lock = new TableLock();
  await lock.lock();
  assert.equal(lock.isLocked(), true);
  lock.unlock();
  assert.equal(lock.isLocked(), false);
  await lock.lock();
  lock.unlock();
});

test('TableLock: unlock without lock throws', () => {
  assert.throws(() => new TableLock().unlock(), /without lock/);
});

test('Catalog.add appends and refuses duplicates', async () => {
  const catalog = new Catalog(new Store());
  await catalog.add('apple');
  await catalog.add('pear');
  await assert.rejects(catalog.add('apple'), /duplicate/);
  assert.deepEqual(await catalog.list(), ['apple', 'pear']);
  assert.equal(catalog.locked(), false);
});

test('Inventory.adjust adds and removes stock', async () => {
  const inv = new Inventory(new Store());
  assert.equal(await inv.adjust('apple', 5), 5);
  assert.equal(await inv.adjust('apple', -2), 3);
  await assert.rejects(inv.adjust('apple', -4), OutOfStock);
  assert.equal(await inv.stock('apple'), 3);
});
