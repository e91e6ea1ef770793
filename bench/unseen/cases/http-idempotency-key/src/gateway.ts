import { setTimeout as sleep } from 'node:timers/promises';

export interface Charge {
  id: string;
  amount: number;
  currency: string;
}

/** The card processor: every call really moves money. */
export class Gateway {
  readonly charges: Charge[] = [];

  async charge(amount: number, currency: string): Promise<Charge> {
    await sleep(5);
    const charge = { id: `ch_${this.charges.length + 1}`, amount, currency };
    this.charges.push(charge);
    return charge;
  }
}

/** Where receipts are remembered per idempotency key (a Redis-like store). */
export class ReceiptStore<T> {
  private readonly values = new Map<string, T>();

  async get(key: string): Promise<T | undefined> {
    await sleep(1);
    return this.values.get(key);
  }

  async set(key: string, value: T): Promise<void> {
    await sleep(1);
    this.values.set(key, value);
  }
}
