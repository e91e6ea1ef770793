import assert from 'node:assert/strict';
import { ConflictError, DocStore, VersionedRepo } from '../../src/doc-store.ts';
import { CouponLedger, KeyedMutex, OrderService, type Order } from '../../src/orders.ts';

function setup() {
  const store = new DocStore<Order>();
  const repo = new VersionedRepo(store);
  return { store, repo, orders: new OrderService(repo, new CouponLedger({ SPRING: 2 })) };
}

describe('orders', () => {
  it('a new order is empty at version 1', async () => {
    const { orders } = setup();
    await orders.open('o1', 'ada');
    assert.deepEqual(await orders.get('o1'), { customer: 'ada', lines: [], version: 1, total: 0 });
  });

  it('adding items bumps the version and the total', async () => {
    const { orders } = setup();
    await orders.open('o1', 'ada');
    await orders.addItem('o1', 'mug', 2);
    await orders.addItem('o1', 'tea');
    await orders.addItem('o1', 'mug');
    const o = await orders.get('o1');
    assert.deepEqual(o.lines, [{ sku: 'mug', qty: 3, cents: 900 }, { sku: 'tea', qty: 1, cents: 450 }]);
    assert.equal(o.version, 4);
    assert.equal(o.total, 3150);
  });

  it('a save based on an old version is a conflict', async () => {
    const { repo } = setup();
    await repo.create('o1', { customer: 'ada', lines: [] });
    const first = await repo.load('o1');
    await repo.save('o1', { ...first.doc, note: 'ring twice' }, first.version);
    await assert.rejects(repo.save('o1', { ...first.doc, note: 'leave at door' }, first.version), ConflictError);
  });

  it('coupons run out after their limit', async () => {
    const { orders } = setup();
    for (const id of ['o1', 'o2', 'o3']) await orders.open(id, 'ada');
    const results = [];
    for (const id of ['o1', 'o2', 'o3']) results.push(await orders.applyCoupon(id, 'SPRING'));
    assert.deepEqual(results, [true, true, false]);
    assert.equal((await orders.get('o1')).coupon, 'SPRING');
  });

  it('an unknown sku is refused without a write', async () => {
    const { orders, store } = setup();
    await orders.open('o1', 'ada');
    await assert.rejects(orders.addItem('o1', 'anvil'), /unknown sku anvil/);
    assert.equal(store.writes, 0);
  });

  it('the keyed mutex runs one key in order and other keys independently', async () => {
    const lock = new KeyedMutex();
    const seen: string[] = [];
    await lock.run('a', async () => void seen.push('a1'));
    await lock.run('b', async () => void seen.push('b1'));
    await lock.run('a', async () => void seen.push('a2'));
    assert.deepEqual(seen, ['a1', 'b1', 'a2']);
  });
});
