import assert from 'node:assert/strict';
import { Database } from '../../src/database.ts';
import { OrderService, orderTotal, ShuttingDownError } from '../../src/order-service.ts';

const customers = [
  { id: 'c1', tier: 'basic' as const },
  { id: 'c2', tier: 'gold' as const },
];

describe('OrderService', () => {
  it('totals orders with the gold discount', () => {
    const items = [{ priceCents: 1000, qty: 2 }, { priceCents: 250, qty: 1 }];
    assert.equal(orderTotal(items, 'basic'), 2250);
    assert.equal(orderTotal(items, 'gold'), 2025);
  });

  it('stores an order and returns its id', async () => {
    const db = new Database(customers);
    const service = new OrderService(db);
    const id = await service.placeOrder({ customerId: 'c2', items: [{ priceCents: 500, qty: 3 }] });
    assert.deepEqual(db.orders.get(id), { customerId: 'c2', totalCents: 1350 });
  });

  it('rejects unknown customers', async () => {
    const service = new OrderService(new Database(customers));
    await assert.rejects(service.placeOrder({ customerId: 'zz', items: [] }), /unknown customer/);
  });

  it('closes the pool and refuses new orders afterwards', async () => {
    const db = new Database(customers);
    const service = new OrderService(db);
    await service.placeOrder({ customerId: 'c1', items: [{ priceCents: 100, qty: 1 }] });
    await service.close();
    assert.equal(db.closed, true);
    await assert.rejects(service.placeOrder({ customerId: 'c1', items: [] }), ShuttingDownError);
  });
});
