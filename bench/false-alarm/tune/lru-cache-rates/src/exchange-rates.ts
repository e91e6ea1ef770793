import { LRUCache } from 'lru-cache';
import { QuoteApi } from './quote-api.ts';

export interface Quote {
  pair: string;
  rate: number;
  version: number;
}

export class ExchangeRates {
  private readonly cache: LRUCache<string, Quote>;

  constructor(private readonly api: QuoteApi, capacity = 100) {
    this.cache = new LRUCache<string, Quote>({
      max: capacity,
      ttl: 60_000,
      fetchMethod: (pair) => this.api.quote(pair),
    });
  }

  async rate(pair: string): Promise<Quote> {
    const quote = await this.cache.fetch(pair);
    if (!quote) throw new Error(`no quote for ${pair}`);
    return quote;
  }

  async convert(amount: number, from: string, to: string): Promise<number> {
    if (from === to) return amount;
    const quote = await this.rate(`${from}/${to}`);
    return Math.round(amount * quote.rate * 100) / 100;
  }

  refresh(pair: string): Promise<Quote | undefined> {
    return this.cache.fetch(pair, { forceRefresh: true });
  }

  cached(pair: string): boolean {
    return this.cache.has(pair);
  }
}
