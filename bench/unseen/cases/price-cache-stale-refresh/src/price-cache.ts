import type { PriceFeed } from './price-feed.ts';

interface Cached {
  price: number;
  at: number;
}

export function isFresh(entry: Cached | undefined, ttlMs: number, now: number): entry is Cached {
  return entry !== undefined && now - entry.at < ttlMs;
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export class PriceCache {
  private readonly entries = new Map<string, Cached>();

  constructor(
    private readonly feed: PriceFeed,
    private readonly ttlMs = 30_000,
  ) {}

  peek(sku: string): number | undefined {
    return this.entries.get(sku)?.price;
  }

  async get(sku: string): Promise<number> {
    const entry = this.entries.get(sku);
    if (isFresh(entry, this.ttlMs, Date.now())) return entry.price;
    await this.refresh(sku);
    return this.peek(sku)!;
  }

  async refresh(sku: string): Promise<void> {
    const price = await this.feed.fetchPrice(sku);
    this.entries.set(sku, { price, at: Date.now() });
  }

  async update(sku: string, price: number): Promise<void> {
    await this.feed.publish(sku, price);
    this.entries.set(sku, { price, at: Date.now() });
  }
}
