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

  /**
   * Sells `n` tickets: reads how many are sold, charges, then writes the new count. Two sales that
   * overlap read the same count, and one of them is lost.
   */
  async sell(n: number): Promise<number> {
    const sold = this.sold;
    if (sold + n > this.capacity) throw new Error(`only ${this.capacity - sold} tickets left`);
    await this.payments.charge(n * this.price);
    this.sold = sold + n;
    return this.sold;
  }
}
