import { setTimeout as sleep } from 'node:timers/promises';

/** The upstream pricing service: reads are slow, writes are quick. */
export class PriceFeed {
  private readonly prices = new Map<string, number>();
  fetches = 0;

  constructor(initial: Record<string, number> = {}) {
    for (const [sku, price] of Object.entries(initial)) this.prices.set(sku, price);
  }

  async fetchPrice(sku: string): Promise<number> {
    this.fetches++;
    const price = this.prices.get(sku);
    await sleep(10);
    if (price === undefined) throw new Error(`unknown sku ${sku}`);
    return price;
  }

  async publish(sku: string, price: number): Promise<void> {
    await sleep(2);
    this.prices.set(sku, price);
  }

  current(sku: string): number | undefined {
    return this.prices.get(sku);
  }
}
