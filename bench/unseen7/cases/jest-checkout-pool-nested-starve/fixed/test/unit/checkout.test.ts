import { FakeDatabase } from '../../src/driver';
import { buildCheckout, CheckoutService } from '../../src/orders';

const mug = { sku: 'mug', qty: 2, priceCents: 1250 };
const kettle = { sku: 'kettle', qty: 1, priceCents: 3999 };

describe('checkout, one request at a time', () => {
  let db: FakeDatabase;
  let service: CheckoutService;

  beforeEach(() => {
    db = new FakeDatabase();
    service = buildCheckout(db).service;
  });

  test('a checkout stores the order, its lines and an audit entry', async () => {
    const receipt = await service.checkout('ana', [mug, kettle]);
    expect(receipt).toEqual({ ok: true, orderId: 'ord-1', totalCents: 6499 });
    expect(db.rows('orders')).toHaveLength(1);
    expect(db.rows('order_lines').map((r) => r.sku)).toEqual(['mug', 'kettle']);
    expect(db.rows('audit')).toEqual([expect.objectContaining({ event: 'order.created', subject: 'ord-1' })]);
  });

  test('an empty cart is refused before touching the database', async () => {
    expect(await service.checkout('ben', [])).toEqual({ ok: false, error: 'empty cart' });
    expect(db.connectionsOpened).toBe(0);
  });

  test('a stored order can be looked up', async () => {
    const receipt = await service.checkout('cleo', [kettle]);
    const orderId = receipt.ok ? receipt.orderId : '';
    expect(await service.getOrder(orderId)).toMatchObject({ id: orderId, customer: 'cleo', totalCents: 3999 });
    expect(await service.getOrder('ord-404')).toBeUndefined();
  });

  test('checkouts one after another each get their own order', async () => {
    for (const customer of ['dan', 'eve', 'fay']) await service.checkout(customer, [mug]);
    expect((await service.listOrders()).map((o) => o.customer)).toEqual(['dan', 'eve', 'fay']);
    expect(db.rows('audit')).toHaveLength(3);
    expect(db.schemaCreations).toBe(1);
  });

  test('the pool never lends more connections than it has', async () => {
    const { pool, service: small } = buildCheckout(db, 2);
    await small.checkout('gus', [mug]);
    await small.getOrder('ord-1');
    expect(pool.maxInUse).toBeLessThanOrEqual(2);
    expect(pool.inUse).toBe(0);
  });
});
