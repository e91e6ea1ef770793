/** A payment provider stand-in: every charge is a round trip. */
export class Payments {
  charged = 0;

  async charge(amount: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.charged += amount;
  }
}

/** Sells the tickets of one show. */
export class BoxOffice {
  sold = 0;

  constructor(private readonly payments: Payments, readonly capacity: number, readonly price: number) {}

  /** Sells `n` tickets. Fixed: the seats are taken before the await, so no other sale reads a
   *  stale count; a failed charge gives them back. */
  async sell(n: number): Promise<number> {
    if (this.sold + n > this.capacity) throw new Error(`only ${this.capacity - this.sold} tickets left`);
    this.sold += n;
    try {
      await this.payments.charge(n * this.price);
    } catch (error) {
      this.sold -= n;
      throw error;
    }
    return this.sold;
  }
}
