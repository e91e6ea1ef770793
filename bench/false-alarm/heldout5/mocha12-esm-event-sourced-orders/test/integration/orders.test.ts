import assert from 'node:assert/strict';
import { EventStore } from '../../src/event-store.js';
import { Command, OrderService, Rejected } from '../../src/orders.js';
import { SalesProjection } from '../../src/projection.js';
import { gate, jitter, until } from '../helpers.js';

describe('concurrent commands on event-sourced orders', () => {
  let store: EventStore;
  let orders: OrderService;
  beforeEach(() => {
    store = new EventStore();
    orders = new OrderService(store);
  });

  it('ten lines added at random moments: versions 1..11, no append ever conflicts', async () => {
    await orders.execute('o1', { type: 'open' });
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await jitter(), orders.execute('o1', { type: 'add', sku: i % 2 ? 'tea' : 'jam', qty: i + 1 }))),
    );
    const events = await store.read('o1');
    assert.deepEqual(events.map((e) => e.version), Array.from({ length: 11 }, (_, i) => i + 1));
    const order = await orders.load('o1');
    assert.deepEqual(order.lines, { jam: 1 + 3 + 5 + 7 + 9, tea: 2 + 4 + 6 + 8 + 10 });
    assert.equal(store.appends, 11);
  });

  it('commands issued in one turn apply in call order; one issued after place is refused', async () => {
    const commands: Command[] = [
      { type: 'open' },
      { type: 'add', sku: 'a', qty: 1 },
      { type: 'add', sku: 'b', qty: 1 },
      { type: 'place' },
      { type: 'add', sku: 'c', qty: 1 },
    ];
    const settled = await Promise.allSettled(commands.map((c) => orders.execute('o2', c)));
    assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    assert.ok((settled[4] as PromiseRejectedResult).reason instanceof Rejected);
    assert.deepEqual((await store.read('o2')).map((e) => e.type), ['opened', 'line-added', 'line-added', 'placed']);
  });

  it('add then place in one turn both succeed; place then add refuses the add', async () => {
    await Promise.all([orders.execute('x', { type: 'open' }), orders.execute('y', { type: 'open' })]);
    await orders.execute('x', { type: 'add', sku: 'tea', qty: 1 });
    await orders.execute('y', { type: 'add', sku: 'tea', qty: 1 });
    const [addX, placeX] = await Promise.allSettled([
      orders.execute('x', { type: 'add', sku: 'jam', qty: 2 }),
      orders.execute('x', { type: 'place' }),
    ]);
    const [placeY, addY] = await Promise.allSettled([
      orders.execute('y', { type: 'place' }),
      orders.execute('y', { type: 'add', sku: 'jam', qty: 2 }),
    ]);
    assert.deepEqual([addX.status, placeX.status, placeY.status, addY.status], ['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    assert.deepEqual((await orders.load('x')).lines, { tea: 1, jam: 2 });
    assert.deepEqual((await orders.load('y')).lines, { tea: 1 });
  });

  it('an order held at the store does not hold the others', async () => {
    await Promise.all(['a', 'b'].map((id) => orders.execute(id, { type: 'open' })));
    const g = gate();
    store.holds.set('a', g.wait);
    const held = orders.execute('a', { type: 'add', sku: 'tea', qty: 1 });
    const queued = orders.execute('a', { type: 'add', sku: 'tea', qty: 1 });
    await until(() => orders.busyOrders === 1);
    const others = await Promise.all([1, 2, 3].map(async (q) => (await jitter(), orders.execute('b', { type: 'add', sku: 'jam', qty: q }))));
    assert.equal(others.length, 3);
    assert.deepEqual((await orders.load('b')).lines, { jam: 6 });
    assert.equal((await orders.load('a')).version, 1);
    g.open();
    await Promise.all([held, queued]);
    assert.deepEqual((await orders.load('a')).lines, { tea: 2 });
    assert.equal(orders.busyOrders, 0);
  });

  it('refused commands among concurrent ones fail alone; the stream stays contiguous', async () => {
    await orders.execute('o5', { type: 'open' });
    const commands: Command[] = [
      { type: 'add', sku: 'a', qty: 1 },
      { type: 'open' },
      { type: 'add', sku: 'b', qty: 2 },
      { type: 'open' },
      { type: 'add', sku: 'c', qty: 3 },
    ];
    const settled = await Promise.allSettled(commands.map(async (c) => (await jitter(), orders.execute('o5', c))));
    assert.equal(settled.filter((s) => s.status === 'rejected').length, 2);
    const events = await store.read('o5');
    assert.deepEqual(events.map((e) => e.version), [1, 2, 3, 4]);
    assert.deepEqual((await orders.load('o5')).lines, { a: 1, b: 2, c: 3 });
  });

  it('three orders driven at random moments: the projection matches the placed orders', async () => {
    const projection = new SalesProjection(store);
    const lifecycle = async (id: string, end: 'place' | 'cancel', qty: number) => {
      await jitter();
      await orders.execute(id, { type: 'open' });
      await Promise.all(['tea', 'jam'].map(async (sku) => (await jitter(), orders.execute(id, { type: 'add', sku, qty }))));
      await jitter();
      await orders.execute(id, { type: end });
    };
    await Promise.all([lifecycle('p1', 'place', 1), lifecycle('p2', 'cancel', 10), lifecycle('p3', 'place', 3)]);
    assert.equal(projection.catchUp(), 12);
    assert.equal(projection.position, 12);
    assert.deepEqual(Object.fromEntries(projection.units), { tea: 4, jam: 4 });
    assert.equal(projection.pending.size, 0);
  });
});
