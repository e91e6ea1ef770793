import { setTimeout as sleep } from 'node:timers/promises';

export interface Customer {
  id: string;
  tier: 'basic' | 'gold';
}

/** A fake database pool: queries take a round trip and fail once the pool is closed. */
export class Database {
  private open = true;
  private nextOrderId = 100;
  readonly orders = new Map<number, { customerId: string; totalCents: number }>();
  queries = 0;

  constructor(private readonly customers: Customer[]) {}

  private async roundTrip(): Promise<void> {
    if (!this.open) throw new Error('pool is closed');
    this.queries++;
    await sleep(2);
    if (!this.open) throw new Error('connection terminated');
  }

  async findCustomer(id: string): Promise<Customer | undefined> {
    await this.roundTrip();
    return this.customers.find((c) => c.id === id);
  }

  async insertOrder(customerId: string, totalCents: number): Promise<number> {
    await this.roundTrip();
    const id = this.nextOrderId++;
    this.orders.set(id, { customerId, totalCents });
    return id;
  }

  async close(): Promise<void> {
    await sleep(1);
    this.open = false;
  }

  get closed(): boolean {
    return !this.open;
  }
}
