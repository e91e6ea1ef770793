import { currentUser, log, withRequest } from './context';
import type { Database } from './db';

export interface OrderRequest {
  headers: Record<string, string | undefined>;
  body: { sku?: string; qty?: number };
}

export interface OrderResponse {
  status: number;
  body: unknown;
}

export class OutOfStock extends Error {}

/** Places orders: check stock, take it, record the order. */
export class OrderService {
  constructor(private readonly db: Database) {}

  async place(sku: string, qty: number): Promise<{ orderId: number; left: number }> {
    const [stock] = await this.db.queryAsync('SELECT qty FROM stock WHERE sku = ?', [sku]);
    if (!stock) throw new OutOfStock(`unknown product ${sku}`);
    if (Number(stock.qty) < qty) throw new OutOfStock(`only ${stock.qty} of ${sku} left`);
    const [taken] = await this.db.queryAsync('UPDATE stock SET qty = qty - ? WHERE sku = ? AND qty >= ?', [qty, sku, qty]);
    if (!taken) throw new OutOfStock(`${sku} sold out meanwhile`);
    const [order] = await this.db.queryAsync('INSERT INTO orders (sku, qty, customer) VALUES (?, ?, ?)', [sku, qty, currentUser()]);
    log('audit', `order ${order.id} placed by ${currentUser()}: ${qty} × ${sku}`);
    return { orderId: Number(order.id), left: Number(taken.qty) };
  }
}

let generated = 0;

/** POST /orders: runs the request under its own context (the caller's x-request-id, or a new one). */
export function createOrderHandler(service: OrderService) {
  return (req: OrderRequest): Promise<OrderResponse> => {
    const requestId = req.headers['x-request-id'] ?? `gen-${++generated}`;
    const user = req.headers['x-user'] ?? 'anonymous';
    return withRequest({ requestId, user }, async () => {
      const { sku, qty } = req.body;
      if (!sku || !Number.isInteger(qty) || (qty as number) < 1) return { status: 400, body: 'sku and a positive qty required' };
      try {
        return { status: 201, body: await service.place(sku, qty as number) };
      } catch (err) {
        if (err instanceof OutOfStock) {
          log('audit', `order refused: ${err.message}`);
          return { status: 409, body: err.message };
        }
        throw err;
      }
    });
  };
}
