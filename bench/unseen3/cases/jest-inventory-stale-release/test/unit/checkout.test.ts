import { OutOfStock, createCheckout } from '../../src/checkout';
import { createCatalog, createPayments, createStock } from '../../src/services';

const prices = { tea: 450, mug: 1200 };

function shop(declined: string[] = []) {
  const stock = createStock({ tea: 5, mug: 1 });
  const payments = createPayments(declined);
  return { stock, payments, checkout: createCheckout(stock, createCatalog(prices), payments) };
}

describe('checkout', () => {
  test('a paid order takes its stock and gets a receipt', async () => {
    const { stock, payments, checkout } = shop();
    expect(await checkout.placeOrder({ id: 'o1', customer: 'ann', sku: 'tea', qty: 2 })).toEqual({ orderId: 'o1', total: 900 });
    expect(stock.available('tea')).toBe(3);
    expect(payments.charges).toEqual([{ customer: 'ann', cents: 900 }]);
  });

  test('a declined card gives the stock back', async () => {
    const { stock, checkout } = shop(['eve']);
    await expect(checkout.placeOrder({ id: 'o2', customer: 'eve', sku: 'tea', qty: 3 })).rejects.toThrow('card declined for eve');
    expect(stock.snapshot()).toEqual({ tea: 5, mug: 1 });
    expect(checkout.receipts()).toEqual([]);
  });

  test('an order for more than is left is refused before charging', async () => {
    const { payments, checkout } = shop();
    await expect(checkout.placeOrder({ id: 'o3', customer: 'ann', sku: 'mug', qty: 2 })).rejects.toBeInstanceOf(OutOfStock);
    expect(payments.charges).toEqual([]);
  });

  test('revenue adds up the receipts', async () => {
    const { checkout } = shop();
    await checkout.placeOrder({ id: 'o4', customer: 'ann', sku: 'mug', qty: 1 });
    await checkout.placeOrder({ id: 'o5', customer: 'bob', sku: 'tea', qty: 1 });
    expect(checkout.revenue()).toBe(1650);
  });

  test('an unknown product is refused', async () => {
    const { checkout } = shop();
    await expect(checkout.placeOrder({ id: 'o6', customer: 'ann', sku: 'jam', qty: 1 })).rejects.toThrow('unknown sku jam');
  });
});
