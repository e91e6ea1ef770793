import type { RateSource } from '../src/wallet.ts';

/** The tests' stand-in for the rate service: fixed rates and an audit log that answer on a later
 *  turn (I/O), and a formatter that is cached (it answers at once — in production it is fetched). */
export class FixedRates implements RateSource {
  readonly log: string[] = [];

  constructor(private readonly table: Record<string, number>) {}

  async rate(from: string, to: string): Promise<number> {
    await new Promise((resolve) => setImmediate(resolve));
    if (from === to) return 1;
    const rate = this.table[`${from}>${to}`];
    if (rate === undefined) throw new Error(`no rate from ${from} to ${to}`);
    return rate;
  }

  async record(entry: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.log.push(entry);
  }

  async formatter(): Promise<(amount: number, currency: string) => string> {
    return (amount, currency) => `${amount.toFixed(2)} ${currency}`;
  }
}
