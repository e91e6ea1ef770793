const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake exchange-rate API: euro cents per unit of the currency, with a random latency. */
export class RateApi {
  calls = 0;
  constructor(
    private readonly table: Record<string, number>,
    private readonly latency: { min: number; max: number },
  ) {}

  async eurRate(currency: string): Promise<number> {
    this.calls++;
    const { min, max } = this.latency;
    await wait(min + Math.floor(Math.random() * (max - min + 1)));
    const rate = this.table[currency];
    if (rate === undefined) throw new Error(`unknown currency ${currency}`);
    return rate;
  }
}

/**
 * Rates are looked up once per currency: the first caller's request is memoized as a
 * promise, so concurrent callers share it, and a failed lookup is forgotten so that the
 * next caller tries again.
 */
export class RateCache {
  private readonly lookups = new Map<string, Promise<number>>();

  constructor(private readonly api: RateApi) {}

  rate(currency: string): Promise<number> {
    if (currency === 'EUR') return Promise.resolve(1);
    let lookup = this.lookups.get(currency);
    if (!lookup) {
      lookup = this.api.eurRate(currency);
      this.lookups.set(currency, lookup);
      lookup.catch(() => {
        if (this.lookups.get(currency) === lookup) this.lookups.delete(currency);
      });
    }
    return lookup;
  }

  async toEurCents(amount: number, currency: string): Promise<number> {
    return Math.round(amount * (await this.rate(currency)));
  }
}

export interface PricingLatency {
  /** Most answers take 1..fastMaxMs. */
  fastMaxMs: number;
  /** A share of them miss the service's own cache and take slowMs..slowMs+9. */
  slowShare: number;
  slowMs: number;
}

/** The pricing service: the fee charged on a booking, one request per booking. */
export class PricingApi {
  calls = 0;
  constructor(private readonly latency: PricingLatency) {}

  async feeCents(account: string, eurCents: number, currency: string): Promise<number> {
    this.calls++;
    const { fastMaxMs, slowShare, slowMs } = this.latency;
    const slow = Math.random() < slowShare;
    await wait(slow ? slowMs + Math.floor(Math.random() * 10) : 1 + Math.floor(Math.random() * fastMaxMs));
    if (!account) throw new Error('no account');
    return currency === 'EUR' ? 0 : Math.ceil(eurCents / 100);
  }
}
