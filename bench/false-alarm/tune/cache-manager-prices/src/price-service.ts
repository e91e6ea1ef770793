import { createCache, type Cache } from 'cache-manager';
import { PriceBackend } from './price-backend.ts';

export class PriceService {
  private readonly cache: Cache;

  constructor(private readonly backend: PriceBackend, ttlMs = 60_000) {
    this.cache = createCache({ ttl: ttlMs });
  }

  price(sku: string): Promise<number> {
    return this.cache.wrap(`price:${sku}`, () => this.backend.price(sku));
  }

  async basket(items: Record<string, number>): Promise<number> {
    const lines = await Promise.all(Object.entries(items).map(async ([sku, qty]) => (await this.price(sku)) * qty));
    return lines.reduce((a, b) => a + b, 0);
  }

  async invalidate(sku: string): Promise<void> {
    await this.cache.del(`price:${sku}`);
  }

  async cachedPrice(sku: string): Promise<number | null> {
    return this.cache.get<number>(`price:${sku}`);
  }
}
