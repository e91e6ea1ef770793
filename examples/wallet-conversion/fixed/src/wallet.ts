/** Where exchange rates come from and where conversions are recorded (a service, an audit log). */
export interface RateSource {
  rate(from: string, to: string): Promise<number>;
  record(entry: string): Promise<void>;
  formatter(): Promise<(amount: number, currency: string) => string>;
}

/**
 * A wallet's balance and its currency form one atomic set (001 §3.1): a balance means nothing
 * without the currency it is in. No lock anywhere — Node runs one task at a time — yet `convert`
 * writes the two fields on either side of an await.
 */
export class Wallet {
  private balance: number;
  private currency: string;

  constructor(private readonly rates: RateSource, balance: number, currency: string) {
    this.balance = balance;
    this.currency = currency;
  }

  /** Converts the balance into `to`. Fixed: the conversion is recorded first, then the amount
   *  and the currency change in one synchronous step, so no other task ever sees one without the
   *  other. */
  async convert(to: string): Promise<void> {
    const from = this.currency;
    const rate = await this.rates.rate(from, to);
    await this.rates.record(`converted to ${to} at ${rate}`);
    this.balance = Math.round(this.balance * rate * 100) / 100;
    this.currency = to;
  }

  /** The balance with its currency, formatted. */
  async statement(): Promise<string> {
    const format = await this.rates.formatter();
    return format(this.balance, this.currency);
  }
}
