import assert from 'node:assert/strict';
import { DocStore, VersionedRepo } from '../../src/doc-store.ts';
import { CouponLedger, OrderService, type Order } from '../../src/orders.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function setup() {
  const store = new DocStore<Order>();
  return { store, orders: new OrderService(new VersionedRepo(store), new CouponLedger({ SPRING: 2 })) };
}

describe('orders edited concurrently', () => {
  it('two tabs adding items to one basket keep both items', async () => {
    const { orders } = setup();
    await orders.open('o1', 'ada');
    await Promise.all([
      orders.addItem('o1', 'mug'),
      (async () => {
        await sleep(Math.random() * 2);
        await orders.addItem('o1', 'pot');
      })(),
    ]);
    const o = await orders.get('o1');
    assert.deepEqual(o.lines.map((l) => l.sku).sort(), ['mug', 'pot']);
    assert.equal(o.version, 3);
  });

  it('edits to different orders all land', async () => {
    const { orders } = setup();
    await Promise.all(['o1', 'o2', 'o3'].map((id) => orders.open(id, 'bob')));
    await Promise.all(['o1', 'o2', 'o3'].map((id, i) => orders.addItem(id, ['mug', 'tea', 'cozy'][i], i + 1)));
    const all = await Promise.all(['o1', 'o2', 'o3'].map((id) => orders.get(id)));
    assert.deepEqual(all.map((o) => o.total), [900, 900, 3600]);
  });

  it('a coupon limited to two is redeemed by exactly two of five orders', async () => {
    const { orders } = setup();
    const ids = ['o1', 'o2', 'o3', 'o4', 'o5'];
    await Promise.all(ids.map((id) => orders.open(id, 'cy')));
    const applied = await Promise.all(ids.map((id) => orders.applyCoupon(id, 'SPRING')));
    assert.equal(applied.filter(Boolean).length, 2);
    const withCoupon = (await Promise.all(ids.map((id) => orders.get(id)))).filter((o) => o.coupon === 'SPRING');
    assert.equal(withCoupon.length, 2);
  });

  it('a note edited while the order is read back is never half-applied', async () => {
    const { orders } = setup();
    await orders.open('o1', 'dee');
    await orders.addItem('o1', 'tea', 2);
    const [, seen] = await Promise.all([orders.setNote('o1', 'gift wrap'), orders.get('o1')]);
    assert.equal(seen.total, 900);
    assert.equal((await orders.get('o1')).note, 'gift wrap');
  });
});
