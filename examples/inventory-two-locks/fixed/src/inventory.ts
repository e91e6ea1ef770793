import { Mutex } from 'async-mutex';

/** Where reservations are confirmed (a payment service, a queue). */
export interface Confirmations {
  confirm(sku: string, quantity: number): Promise<void>;
}

/**
 * Stock of one item: units on the shelf and units reserved for orders, one atomic set (001 §3.1)
 * whose sum is the stock the warehouse holds. Fixed: one lock guards the whole atomic set, and
 * `reserve` moves the units in one region of it, after the confirmation.
 */
export class Inventory {
  private onHand: number;
  private reserved = 0;
  private readonly lock = new Mutex();

  constructor(readonly sku: string, stock: number, private readonly confirmations: Confirmations) {
    this.onHand = stock;
  }

  /** Moves `quantity` units from the shelf to the reservations once confirmed, both fields in
   *  one lock region. */
  async reserve(quantity: number): Promise<void> {
    await this.confirmations.confirm(this.sku, quantity);
    await this.lock.runExclusive(() => {
      if (this.onHand < quantity) throw new Error(`only ${this.onHand} of ${this.sku} left`);
      this.onHand -= quantity;
      this.reserved += quantity;
    });
  }

  /** Units on the shelf. */
  async available(): Promise<number> {
    return this.lock.runExclusive(() => this.onHand);
  }

  /** The stock the warehouse holds: on the shelf plus reserved. */
  async total(): Promise<number> {
    return this.lock.runExclusive(() => this.onHand + this.reserved);
  }
}

/** Confirms after I/O: the payment service answers in about 10 ms (a timer stands in for it). */
export class QueuedConfirmations implements Confirmations {
  readonly confirmed: string[] = [];

  async confirm(sku: string, quantity: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 10));
    this.confirmed.push(`${sku} x${quantity}`);
  }
}
