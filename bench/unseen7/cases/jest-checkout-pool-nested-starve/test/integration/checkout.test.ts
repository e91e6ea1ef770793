import { FakeDatabase } from '../../src/driver';
import { Pool } from '../../src/pool';
import { buildCheckout, CheckoutService } from '../../src/orders';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const mug = { sku: 'mug', qty: 1, priceCents: 1250 };

describe('checkout under concurrent requests', () => {
  let db: FakeDatabase;
  let pool: Pool;
  let service: CheckoutService;

  beforeEach(() => {
    db = new FakeDatabase();
    ({ pool, service } = buildCheckout(db, 2));
  });

  test('shoppers checking out around the same time all get their orders', async () => {
    await service.ensureSchema();
    const shoppers = ['ana', 'ben', 'cleo'];
    const receipts = await Promise.all(
      shoppers.map(async (customer) => {
        await pause(Math.floor(Math.random() * 160));
        return service.checkout(customer, [mug]);
      }),
    );
    expect(receipts.filter((r) => !r.ok)).toEqual([]);
    expect(db.rows('orders')).toHaveLength(3);
    expect(db.rows('audit')).toHaveLength(3);
  });

  test('order lookups beyond the pool size wait their turn', async () => {
    for (const customer of ['eve', 'fay', 'gus']) await service.checkout(customer, [mug]);
    const ids = ['ord-1', 'ord-2', 'ord-3', 'ord-1', 'ord-2', 'ord-3', 'ord-1', 'ord-2'];
    const found = await Promise.all(ids.map((id) => service.getOrder(id)));
    expect(found.map((o) => o?.id)).toEqual(ids);
    expect(pool.maxInUse).toBeLessThanOrEqual(2);
  });

  test('the first requests after start create the schema once', async () => {
    const lists = await Promise.all([1, 2, 3, 4, 5].map(() => service.listOrders()));
    expect(lists.every((l) => l.length === 0)).toBe(true);
    expect(db.schemaCreations).toBe(1);
  });

  test('a checkout while the order page polls', async () => {
    await service.ensureSchema();
    const [receipt] = await Promise.all([
      service.checkout('hal', [mug]),
      ...[0, 3, 6, 9].map((ms) => pause(ms).then(() => service.listOrders())),
    ]);
    expect(receipt).toEqual({ ok: true, orderId: 'ord-1', totalCents: 1250 });
    expect(db.rows('audit')).toHaveLength(1);
  });
});
