import retry from 'async-retry';
import { VersionedStore } from './versioned-store';

export class OutOfStock extends Error {
  constructor(readonly sku: string, readonly available: number) {
    super(`${sku}: only ${available} left`);
    this.name = 'OutOfStock';
  }
}

export class UnknownSku extends Error {
  constructor(readonly sku: string) {
    super(`${sku}: no such product`);
    this.name = 'UnknownSku';
  }
}

export type CatalogLoader = () => Promise<Map<string, number>>;

export class Inventory {
  retries = 0;
  private catalogPromise: Promise<Map<string, number>> | undefined;
  catalogLoads = 0;

  constructor(readonly store: VersionedStore, private readonly loadCatalog: CatalogLoader) {}

  /**
   * Read, compute, compare-and-swap. A version conflict means someone changed the row since it
   * was read: async-retry runs the whole attempt again from a fresh read. Running out of stock
   * or an unknown SKU bails out at once.
   */
  adjust(sku: string, delta: number): Promise<number> {
    return retry(
      async (bail) => {
        const row = await this.store.get(sku);
        if (!row) {
          bail(new UnknownSku(sku));
          return -1;
        }
        if (row.value + delta < 0) {
          bail(new OutOfStock(sku, row.value));
          return -1;
        }
        const written = await this.store.put(sku, row.value + delta, row.version);
        return written.value;
      },
      { retries: 25, minTimeout: 1, maxTimeout: 4, factor: 1, onRetry: () => this.retries++ },
    );
  }

  /** The catalog is loaded once; concurrent callers share the load; a failed load is forgotten. */
  catalog(): Promise<Map<string, number>> {
    if (!this.catalogPromise) {
      this.catalogLoads++;
      const load = this.loadCatalog();
      this.catalogPromise = load;
      load.catch(() => {
        if (this.catalogPromise === load) this.catalogPromise = undefined;
      });
    }
    return this.catalogPromise;
  }

  async priceOf(sku: string): Promise<number> {
    const prices = await this.catalog();
    const price = prices.get(sku);
    if (price === undefined) throw new UnknownSku(sku);
    return price;
  }

  /** Sells `qty` of `sku`: takes the stock, then prices it. */
  async sell(sku: string, qty: number): Promise<{ left: number; total: number }> {
    const left = await this.adjust(sku, -qty);
    const total = (await this.priceOf(sku)) * qty;
    return { left, total };
  }
}
