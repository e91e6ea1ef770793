import { OutOfStock, createCheckout } from '../../src/checkout';
import { createCatalog, createPayments, createStock } from '../../src/services';

const prices = { tea: 450, mug: 1200, jam: 350 };

describe('checkout during a sale', () => {
  test('a paid order and a declined card at once: only the paid order holds stock', async () => {
    const stock = createStock({ tea: 5 });
    const checkout = createCheckout(stock, createCatalog(prices), createPayments(['eve']));
    const results = await Promise.allSettled([
      checkout.placeOrder({ id: 'o1', customer: 'bob', sku: 'tea', qty: 1 }),
      checkout.placeOrder({ id: 'o2', customer: 'eve', sku: 'tea', qty: 2 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(stock.available('tea')).toBe(4);
  });

  test('a rush on the last items sells exactly what is there', async () => {
    const stock = createStock({ mug: 4 });
    const checkout = createCheckout(stock, createCatalog(prices), createPayments());
    const customers = ['a', 'b', 'c', 'd', 'e', 'f'];
    const results = await Promise.allSettled(customers.map((c, i) => checkout.placeOrder({ id: `m${i}`, customer: c, sku: 'mug', qty: 1 })));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OutOfStock);
    expect(stock.available('mug')).toBe(0);
  });

  test('orders for different products at once', async () => {
    const stock = createStock({ tea: 2, jam: 2 });
    const checkout = createCheckout(stock, createCatalog(prices), createPayments());
    await Promise.all([
      checkout.placeOrder({ id: 't', customer: 'ann', sku: 'tea', qty: 2 }),
      checkout.placeOrder({ id: 'j', customer: 'bob', sku: 'jam', qty: 1 }),
    ]);
    expect(stock.snapshot()).toEqual({ tea: 0, jam: 1 });
    expect(checkout.revenue()).toBe(1250);
  });
});
