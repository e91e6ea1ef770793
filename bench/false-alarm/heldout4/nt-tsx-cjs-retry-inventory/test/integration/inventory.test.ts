import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Inventory, OutOfStock } from '../../src/inventory';
import { VersionedStore } from '../../src/versioned-store';
import { gate, jitter, slowCatalog, until } from '../helpers';

describe('optimistic stock changes under contention', () => {
  test('ten deliveries of one unit at random moments: none lost, one version per delivery', async () => {
    const store = new VersionedStore();
    store.seed('apple', 0);
    const inv = new Inventory(store, slowCatalog({ n: 0 }));
    const after = await Promise.all(Array.from({ length: 10 }, async () => (await jitter(), inv.adjust('apple', 1))));
    assert.deepEqual([...after].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(await store.get('apple'), { value: 10, version: 11 });
    assert.equal(inv.retries, store.conflicts);
  });

  test('eight buyers of the last five units: exactly five succeed, three are told OutOfStock', async () => {
    const store = new VersionedStore();
    store.seed('pear', 5);
    const inv = new Inventory(store, slowCatalog({ n: 0 }));
    const settled = await Promise.allSettled(Array.from({ length: 8 }, async () => (await jitter(), inv.adjust('pear', -1))));
    assert.equal(settled.filter((s) => s.status === 'fulfilled').length, 5);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    assert.equal(refused.length, 3);
    for (const r of refused) assert.ok(r.reason instanceof OutOfStock);
    assert.deepEqual(await store.get('pear'), { value: 0, version: 6 });
    assert.ok(store.lowest >= 0);
  });

  test('two writers computed from the same version: exactly one conflict, one retry, both applied', async () => {
    const store = new VersionedStore();
    store.seed('plum', 10);
    const inv = new Inventory(store, slowCatalog({ n: 0 }));
    const g = gate();
    store.holdPuts = g.wait;
    const both = Promise.all([inv.adjust('plum', -2), inv.adjust('plum', 5)]);
    await until(() => store.waitingPuts === 2);
    g.open();
    await both;
    assert.equal(store.conflicts, 1);
    assert.equal(inv.retries, 1);
    assert.deepEqual(await store.get('plum'), { value: 13, version: 3 });
  });

  test('deliveries and sales on three SKUs interleaved: every SKU ends at its exact total', async () => {
    const store = new VersionedStore();
    for (const sku of ['apple', 'pear', 'plum']) store.seed(sku, 20);
    const inv = new Inventory(store, slowCatalog({ n: 0 }));
    const deltas = [3, -2, 1, -4, 2, -1];
    await Promise.all(
      ['apple', 'pear', 'plum'].flatMap((sku) => deltas.map(async (d) => (await jitter(), inv.adjust(sku, d)))),
    );
    for (const sku of ['apple', 'pear', 'plum']) assert.deepEqual(await store.get(sku), { value: 19, version: 7 });
  });
});

describe('the catalog is a single flight', () => {
  test('twelve concurrent sales price from one catalog load', async () => {
    const store = new VersionedStore();
    store.seed('apple', 100);
    const calls = { n: 0 };
    const inv = new Inventory(store, slowCatalog(calls));
    const sales = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await jitter(), inv.sell('apple', 1 + (i % 2)))));
    assert.equal(calls.n, 1);
    assert.equal(sales.reduce((t, s) => t + s.total, 0), 3 * 18);
    assert.deepEqual(await store.get('apple'), { value: 82, version: 13 });
  });

  test('a failed load rejects everyone who joined it; the next caller loads again', async () => {
    const calls = { n: 0 };
    let fail = true;
    const inv = new Inventory(new VersionedStore(), async () => slowCatalog(calls, fail)());
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => inv.priceOf('pear')));
    assert.ok(settled.every((s) => s.status === 'rejected'));
    assert.equal(calls.n, 1);
    fail = false;
    assert.deepEqual(await Promise.all([inv.priceOf('pear'), inv.priceOf('plum')]), [4, 5]);
    assert.equal(calls.n, 2);
  });
});
