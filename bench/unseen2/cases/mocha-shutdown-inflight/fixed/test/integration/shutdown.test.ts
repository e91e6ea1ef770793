import assert from 'node:assert/strict';
import { Database } from '../../src/database.ts';
import { OrderService, ShuttingDownError } from '../../src/order-service.ts';

const customers = [
  { id: 'c1', tier: 'basic' as const },
  { id: 'c2', tier: 'gold' as const },
];
const cart = [{ priceCents: 1200, qty: 1 }];

describe('graceful shutdown', () => {
  it('a SIGTERM during checkout lets the accepted orders finish', async () => {
    const db = new Database(customers);
    const service = new OrderService(db);
    const orders = [service.placeOrder({ customerId: 'c1', items: cart }), service.placeOrder({ customerId: 'c2', items: cart })];
    const [ids] = await Promise.all([Promise.all(orders), service.close()]);
    assert.equal(ids.length, 2);
    assert.equal(db.orders.size, 2);
    assert.equal(db.closed, true);
  });

  it('orders placed before close succeed and orders placed after it are refused', async () => {
    const db = new Database(customers);
    const service = new OrderService(db);
    const before = service.placeOrder({ customerId: 'c1', items: cart });
    const closing = service.close();
    const after = service.placeOrder({ customerId: 'c2', items: cart });
    const [b, , a] = await Promise.allSettled([before, closing, after]);
    assert.equal(b.status, 'fulfilled');
    assert.ok(a.status === 'rejected' && a.reason instanceof ShuttingDownError);
  });

  it('the pool closes only after the busy period ends', async () => {
    const db = new Database(customers);
    const service = new OrderService(db);
    const first = service.placeOrder({ customerId: 'c2', items: cart });
    await db.findCustomer('c1');
    const second = service.placeOrder({ customerId: 'c1', items: cart });
    await Promise.all([first, second, service.close()]);
    assert.deepEqual([...db.orders.values()].map((o) => o.customerId).sort(), ['c1', 'c2']);
  });
});
