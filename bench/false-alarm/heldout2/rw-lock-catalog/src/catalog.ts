import { setTimeout as sleep } from 'node:timers/promises';
import { RWLock } from './rw-lock.ts';

export interface Product {
  sku: string;
  name: string;
  price: number;
}

/** A product catalog whose lookups share the lock and whose updates take it alone. */
export class Catalog {
  private readonly lock = new RWLock();
  private products = new Map<string, Product>();
  version = 0;
  /** what the readers saw while inside, for tests */
  readonly readersSeen: number[] = [];
  readonly writerSawReaders: number[] = [];

  constructor(initial: Product[] = []) {
    for (const p of initial) this.products.set(p.sku, { ...p });
  }

  get lockState(): { readers: number; writing: boolean; waiting: number } {
    return { readers: this.lock.activeReaders, writing: this.lock.isWriting, waiting: this.lock.waiting };
  }

  /** Reads a product and the catalog version; both belong to the same snapshot. */
  lookup(sku: string, slowMs = 3): Promise<{ product: Product | undefined; version: number }> {
    return this.lock.read(async () => {
      this.readersSeen.push(this.lock.activeReaders);
      const version = this.version;
      await sleep(slowMs); // pretend to render the product page
      const product = this.products.get(sku);
      return { product: product && { ...product }, version };
    });
  }

  /** Runs `inside` while holding a read lock (to let tests meet other readers). */
  readWith<T>(inside: () => Promise<T>): Promise<T> {
    return this.lock.read(inside);
  }

  /** Replaces all prices at once: no reader sees a half-applied change. */
  reprice(factor: number): Promise<number> {
    return this.lock.write(async () => {
      this.writerSawReaders.push(this.lock.activeReaders);
      const next = new Map<string, Product>();
      for (const [sku, p] of this.products) {
        await sleep(1); // the pricing service is slow
        next.set(sku, { ...p, price: Math.round(p.price * factor * 100) / 100 });
      }
      this.products = next;
      return ++this.version;
    });
  }

  upsert(product: Product): Promise<void> {
    return this.lock.write(async () => {
      this.writerSawReaders.push(this.lock.activeReaders);
      await sleep(1);
      this.products.set(product.sku, { ...product });
      this.version++;
    });
  }

  total(): Promise<number> {
    return this.lock.read(async () => {
      let sum = 0;
      for (const p of this.products.values()) {
        await sleep(0);
        sum += p.price;
      }
      return Math.round(sum * 100) / 100;
    });
  }
}
