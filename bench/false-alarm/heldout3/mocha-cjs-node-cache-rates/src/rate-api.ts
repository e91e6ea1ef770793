import { EventEmitter } from 'node:events';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RateApiError extends Error {
  constructor(readonly pair: string) {
    super(`no rate for ${pair}`);
    this.name = 'RateApiError';
  }
}

/**
 * A fake exchange-rate API. Each lookup takes a few random milliseconds. `setRate` changes a
 * rate (the next lookups see it); `failNext` makes the next lookup of a pair fail once.
 * Emits `lookup` (pair) when a lookup starts.
 */
export class RateApi extends EventEmitter {
  readonly lookups = new Map<string, number>();
  private readonly rates = new Map<string, number>([
    ['EUR/USD', 1.08],
    ['GBP/USD', 1.27],
    ['USD/JPY', 151.2],
    ['USD/CHF', 0.9],
  ]);
  private readonly failing = new Set<string>();

  setRate(pair: string, rate: number): void {
    this.rates.set(pair, rate);
  }

  failNext(pair: string): void {
    this.failing.add(pair);
  }

  count(pair: string): number {
    return this.lookups.get(pair) ?? 0;
  }

  async lookup(pair: string): Promise<number> {
    this.lookups.set(pair, this.count(pair) + 1);
    this.emit('lookup', pair);
    const rateAtStart = this.rates.get(pair);
    await pause(1 + Math.floor(Math.random() * 6));
    if (this.failing.delete(pair) || rateAtStart === undefined) throw new RateApiError(pair);
    return rateAtStart;
  }
}
