import { setTimeout as sleep } from 'node:timers/promises';

/** The slow pricing backend: counts lookups per product. */
export class PriceBackend {
  lookups = new Map<string, number>();

  constructor(private readonly prices: Record<string, number>) {}

  async price(sku: string): Promise<number> {
    this.lookups.set(sku, (this.lookups.get(sku) ?? 0) + 1);
    await sleep(8);
    const price = this.prices[sku];
    if (price === undefined) throw new Error(`unknown product ${sku}`);
    return price;
  }

  total(): number {
    let n = 0;
    for (const v of this.lookups.values()) n += v;
    return n;
  }
}
