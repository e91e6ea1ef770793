import type { Catalog, Order, Payments, Stock } from './services';

export class OutOfStock extends Error {
  constructor(readonly sku: string) {
    super(`out of stock: ${sku}`);
  }
}

export interface Receipt {
  orderId: string;
  total: number;
}

/** Checkout: price the order, hold its stock, charge the card; a declined card gives the stock back. */
export function createCheckout(stock: Stock, catalog: Catalog, payments: Payments) {
  const receipts: Receipt[] = [];

  const placeOrder = async (order: Order): Promise<Receipt> => {
    const price = await catalog.price(order.sku);
    const before = stock.available(order.sku);
    if (before < order.qty) throw new OutOfStock(order.sku);
    stock.set(order.sku, before - order.qty);
    try {
      await payments.charge(order.customer, price * order.qty);
    } catch (err) {
      stock.set(order.sku, before);
      throw err;
    }
    const receipt = { orderId: order.id, total: price * order.qty };
    receipts.push(receipt);
    return receipt;
  };

  const revenue = (): number => receipts.reduce((sum, r) => sum + r.total, 0);

  return { placeOrder, revenue, receipts: () => [...receipts] };
}
