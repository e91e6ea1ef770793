import { KeyedLock } from './keyed-lock';
import { Store } from './store';

export class OutOfStock extends Error {}

/** Stock per product; each product's read-modify-write runs under that product's lock. */
export class Inventory {
  private readonly locks = new KeyedLock();
  private readonly inside = new Map<string, number>();
  maxInsidePerKey = 0;
  maxInsideOverall = 0;

  constructor(private readonly store: Store) {}

  adjust(sku: string, delta: number, hold?: () => Promise<void>): Promise<number> {
    return this.locks.run(sku, async () => {
      this.enter(sku);
      try {
        const stock = await this.store.get<number>(`stock:${sku}`, 0);
        if (stock + delta < 0) throw new OutOfStock(`${sku}: ${stock} left`);
        if (hold) await hold();
        await this.store.set(`stock:${sku}`, stock + delta);
        return stock + delta;
      } finally {
        this.leave(sku);
      }
    });
  }

  stock(sku: string): Promise<number> {
    return this.store.get<number>(`stock:${sku}`, 0);
  }

  private enter(sku: string): void {
    const n = (this.inside.get(sku) ?? 0) + 1;
    this.inside.set(sku, n);
    this.maxInsidePerKey = Math.max(this.maxInsidePerKey, n);
    let total = 0;
    for (const v of this.inside.values()) total += v;
    this.maxInsideOverall = Math.max(this.maxInsideOverall, total);
  }

  private leave(sku: string): void {
    this.inside.set(sku, (this.inside.get(sku) ?? 1) - 1);
  }
}
