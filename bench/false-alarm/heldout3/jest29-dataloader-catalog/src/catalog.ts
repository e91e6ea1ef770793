import DataLoader from 'dataloader';
import { Product, ProductDb } from './product-db';

export class NotFoundError extends Error {
  constructor(readonly sku: string) {
    super(`unknown SKU ${sku}`);
    this.name = 'NotFoundError';
  }
}

/**
 * One Catalog per request: its DataLoader batches the SKUs asked for in the same tick into one
 * database round trip and caches each SKU for the life of the request.
 */
export class Catalog {
  private readonly loader: DataLoader<string, Product>;

  constructor(private readonly db: ProductDb, maxBatchSize = Infinity) {
    this.loader = new DataLoader<string, Product>(
      async (skus) => {
        const rows = await this.db.getMany(skus);
        return rows.map((row, i) => row ?? new NotFoundError(skus[i]));
      },
      { maxBatchSize },
    );
  }

  product(sku: string): Promise<Product> {
    return this.loader.load(sku);
  }

  async products(skus: string[]): Promise<Product[]> {
    return Promise.all(skus.map((sku) => this.loader.load(sku)));
  }

  /** A bundle's price is the sum of its parts, loaded recursively (parts of parts too). */
  async bundlePrice(sku: string): Promise<number> {
    const product = await this.product(sku);
    if (product.bundleOf.length === 0) return product.price;
    const parts = await Promise.all(product.bundleOf.map((part) => this.bundlePrice(part)));
    return parts.reduce((a, b) => a + b, 0);
  }

  /** Writes through to the database, then replaces the cached entry with the stored row. */
  async reprice(sku: string, price: number): Promise<Product> {
    const stored = await this.db.setPrice(sku, price);
    this.loader.clear(sku).prime(sku, stored);
    return stored;
  }

  /** Loads that may fail: a missing SKU is reported, and its cache entry dropped. */
  async tryProducts(skus: string[]): Promise<{ found: Product[]; missing: string[] }> {
    const settled = await Promise.allSettled(skus.map((sku) => this.loader.load(sku)));
    const found: Product[] = [];
    const missing: string[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') found.push(s.value);
      else {
        missing.push(skus[i]);
        this.loader.clear(skus[i]);
      }
    });
    return { found, missing };
  }
}
