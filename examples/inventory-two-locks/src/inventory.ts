import { Mutex } from 'async-mutex';

/** Where reservations are confirmed (a payment service, a queue). */
export interface Confirmations {
  confirm(sku: string, quantity: number): Promise<void>;
}

/**
 * Stock of one item: units on the shelf and units reserved for orders. Together they are one
 * atomic set (001 §3.1): their sum is the stock the warehouse holds. Each field has a lock of its
 * own, and every access takes it — there is no data race — yet `reserve` moves units from one
 * field to the other in two lock regions, with an await between.
 */
export class Inventory {
  private onHand: number;
  private reserved = 0;
  private readonly shelfLock = new Mutex();
  private readonly reservationLock = new Mutex();

  constructor(readonly sku: string, stock: number, private readonly confirmations: Confirmations) {
    this.onHand = stock;
  }

  /** Takes `quantity` units from the shelf, has them confirmed, then adds them to the
   *  reservations. The bug: the two fields are updated under two different locks, one region
   *  after the other — while the confirmation is under way (I/O) other tasks run between them. */
  async reserve(quantity: number): Promise<void> {
    await this.shelfLock.runExclusive(() => {
      if (this.onHand < quantity) throw new Error(`only ${this.onHand} of ${this.sku} left`);
      this.onHand -= quantity;
    });
    await this.confirmations.confirm(this.sku, quantity);
    await this.reservationLock.runExclusive(() => {
      this.reserved += quantity;
    });
  }

  /** Units on the shelf. */
  async available(): Promise<number> {
    return this.shelfLock.runExclusive(() => this.onHand);
  }

  /** The stock the warehouse holds: on the shelf plus reserved, read holding both locks (always
   *  in this order). */
  async total(): Promise<number> {
    return this.shelfLock.runExclusive(() => this.reservationLock.runExclusive(() => this.onHand + this.reserved));
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
