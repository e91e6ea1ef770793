export class SoldOut extends Error {}
export class PaymentDeclined extends Error {}

export interface Payments {
  charge(user: string, cents: number): Promise<string>;
}

/** Books seats of one show. The check (seats left?) and the act (take one) happen with no await between them. */
export class SeatBooking {
  private left: number;
  readonly holders: string[] = [];
  readonly ledger: string[] = [];

  constructor(seats: number, private readonly payments: Payments, private readonly priceCents = 1500) {
    this.left = seats;
  }

  async book(user: string): Promise<string> {
    if (this.left === 0) throw new SoldOut(`no seat left for ${user}`);
    this.left--; // reserved before the first await
    try {
      const receipt = await this.payments.charge(user, this.priceCents);
      await this.appendLedger(`${user} ${receipt}`);
      this.holders.push(user);
      return receipt;
    } catch (error) {
      this.left++; // give the seat back
      throw error;
    }
  }

  seatsLeft(): number {
    return this.left;
  }

  private async appendLedger(line: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.ledger.push(line);
  }
}

/** A fake payment provider: cards on the deny list are declined after the round trip. */
export class FakePayments implements Payments {
  charges = 0;

  constructor(private readonly declined: string[] = []) {}

  async charge(user: string, cents: number): Promise<string> {
    this.charges++;
    await new Promise((resolve) => setTimeout(resolve, 2 + (user.length % 3)));
    if (this.declined.includes(user)) throw new PaymentDeclined(`card of ${user} declined`);
    return `rcpt-${user}-${cents}`;
  }
}
