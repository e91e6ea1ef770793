import type { Order, Pool } from './db.ts';

/** Streams the matching orders page by page on one connection, fetching the next page while this one is consumed. */
export async function* scanOrders(pool: Pool, filter: { customer?: string; status?: Order['status'] }, pageSize = 3): AsyncGenerator<Order> {
  const conn = await pool.acquire();
  let offset = 0;
  let next: Promise<Order[]> | null = conn.query(filter, offset, pageSize);
  try {
    while (next) {
      const rows: Order[] = await next;
      offset += rows.length;
      next = rows.length === pageSize ? conn.query(filter, offset, pageSize) : null;
      for (const row of rows) yield row;
    }
  } finally {
    pool.release(conn);
  }
}

export class OrderRepo {
  constructor(private readonly pool: Pool) {}

  async findFirst(customer: string, match: (o: Order) => boolean): Promise<Order | undefined> {
    for await (const order of scanOrders(this.pool, { customer, status: 'open' })) {
      if (match(order)) return order;
    }
    return undefined;
  }

  async sumOpen(customer: string): Promise<number> {
    let total = 0;
    for await (const order of scanOrders(this.pool, { customer, status: 'open' })) total += order.cents;
    return total;
  }
}

/** The billing API: reminders for overdue orders, and the open balance of a customer. */
export class BillingService {
  constructor(private readonly orders: OrderRepo, private readonly today: number) {}

  async firstOverdue(customer: string): Promise<{ orderId: number; daysLate: number } | null> {
    const order = await this.orders.findFirst(customer, (o) => o.dueDay < this.today);
    return order ? { orderId: order.id, daysLate: this.today - order.dueDay } : null;
  }

  async openBalance(customer: string): Promise<string> {
    const cents = await this.orders.sumOpen(customer);
    return `${(cents / 100).toFixed(2)} EUR`;
  }
}
