import type { Customer, Database } from './database.ts';

export interface OrderInput {
  customerId: string;
  items: { priceCents: number; qty: number }[];
}

export class ShuttingDownError extends Error {
  constructor() {
    super('service is shutting down');
  }
}

export function orderTotal(items: OrderInput['items'], tier: Customer['tier']): number {
  const gross = items.reduce((sum, item) => sum + item.priceCents * item.qty, 0);
  return tier === 'gold' ? Math.round(gross * 0.9) : gross;
}

/** Takes orders; close() lets the orders already accepted finish before the pool goes away. */
export class OrderService {
  private closing = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly db: Database) {}

  async placeOrder(input: OrderInput): Promise<number> {
    if (this.closing) throw new ShuttingDownError();
    const customer = await this.db.findCustomer(input.customerId);
    if (!customer) throw new Error(`unknown customer ${input.customerId}`);
    const saving = this.db.insertOrder(customer.id, orderTotal(input.items, customer.tier));
    this.track(saving);
    return saving;
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.inFlight]);
    await this.db.close();
  }
}
