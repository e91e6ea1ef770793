import assert from 'node:assert/strict';
import { EventStore } from '../../src/event-store.js';
import { OrderService, Rejected } from '../../src/orders.js';
import { SalesProjection } from '../../src/projection.js';

describe('orders, one command at a time', () => {
  let store: EventStore;
  let orders: OrderService;
  beforeEach(() => {
    store = new EventStore();
    orders = new OrderService(store);
  });

  it('opens, fills and places an order', async () => {
    await orders.execute('o1', { type: 'open' });
    await orders.execute('o1', { type: 'add', sku: 'tea', qty: 2 });
    await orders.execute('o1', { type: 'add', sku: 'tea', qty: 1 });
    const placed = await orders.execute('o1', { type: 'place' });
    assert.deepEqual(placed, { id: 'o1', status: 'placed', lines: { tea: 3 }, version: 4 });
  });

  it('refuses a line on an order that was never opened', async () => {
    await assert.rejects(orders.execute('o2', { type: 'add', sku: 'tea', qty: 1 }), Rejected);
    assert.equal(store.appends, 0);
  });

  it('refuses to place an empty order and leaves its version alone', async () => {
    await orders.execute('o3', { type: 'open' });
    await assert.rejects(orders.execute('o3', { type: 'place' }), /is empty/);
    assert.equal((await orders.load('o3')).version, 1);
  });

  it('rehydrating gives the state the last command returned', async () => {
    await orders.execute('o4', { type: 'open' });
    const last = await orders.execute('o4', { type: 'add', sku: 'jam', qty: 5 });
    assert.deepEqual(await orders.load('o4'), last);
    assert.equal(orders.busyOrders, 0);
  });

  it('the projection counts placed orders only', async () => {
    const projection = new SalesProjection(store);
    for (const [id, end] of [['a', 'place'], ['b', 'cancel']] as const) {
      await orders.execute(id, { type: 'open' });
      await orders.execute(id, { type: 'add', sku: 'tea', qty: 2 });
      await orders.execute(id, { type: end });
    }
    assert.equal(projection.catchUp(), 6);
    assert.deepEqual([...projection.units], [['tea', 2]]);
    assert.equal(projection.pending.size, 0);
  });
});
