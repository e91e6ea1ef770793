import { setTimeout as delay } from 'node:timers/promises';
import { currentContext, withContext } from './context.ts';

export interface Order {
  id: string;
  owner: string;
  status: 'open' | 'shipped' | 'cancelled';
}

export interface Request {
  id: string;
  user: string;
  orderId: string;
}

export interface Reply {
  status: number;
}

export interface AuditEntry {
  requestId: string;
  user: string;
  action: string;
}

/** Audit trail: each entry names the request and the user it was made for. */
export class AuditLog {
  readonly entries: AuditEntry[] = [];

  record(action: string): void {
    const { requestId, user } = currentContext();
    this.entries.push({ requestId, user, action });
  }

  forRequest(requestId: string): AuditEntry[] {
    return this.entries.filter((e) => e.requestId === requestId);
  }
}

/** The orders table, a few milliseconds away. */
export class OrderDb {
  private readonly orders = new Map<string, Order>();

  constructor(private readonly latency: () => number = () => 1 + Math.floor(Math.random() * 5)) {}

  insert(order: Order): void {
    this.orders.set(order.id, { ...order });
  }

  async find(id: string): Promise<Order | undefined> {
    await delay(this.latency());
    const order = this.orders.get(id);
    return order && { ...order };
  }

  async setStatus(id: string, status: Order['status']): Promise<void> {
    await delay(this.latency());
    const order = this.orders.get(id);
    if (order) order.status = status;
  }
}

export function canCancel(order: Order): boolean {
  return order.status === 'open';
}

export class OrdersApi {
  constructor(private readonly db: OrderDb, private readonly audit: AuditLog) {}

  /** POST /orders/:id/cancel — only the owner may cancel an order that has not shipped. */
  cancelOrder(req: Request): Promise<Reply> {
    return withContext({ requestId: req.id, user: req.user }, async () => {
      this.audit.record(`cancel ${req.orderId} requested`);
      const order = await this.db.find(req.orderId);
      if (!order) return { status: 404 };
      if (order.owner !== currentContext().user) {
        this.audit.record(`cancel ${order.id} denied`);
        return { status: 403 };
      }
      if (!canCancel(order)) return { status: 409 };
      await this.db.setStatus(order.id, 'cancelled');
      this.audit.record(`cancelled ${order.id}`);
      return { status: 200 };
    });
  }
}
