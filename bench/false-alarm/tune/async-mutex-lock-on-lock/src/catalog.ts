import { Store } from './store';
import { TableLock } from './table-lock';

/** The list of product ids lives in one row; adding a product rewrites the row under the table lock. */
export class Catalog {
  private readonly table = new TableLock();
  inside = 0;
  maxInside = 0;

  constructor(private readonly store: Store) {}

  async add(sku: string): Promise<void> {
    await this.table.lock();
    this.inside++;
    this.maxInside = Math.max(this.maxInside, this.inside);
    try {
      const skus = await this.store.get<string[]>('catalog', []);
      if (skus.includes(sku)) throw new Error(`duplicate ${sku}`);
      await this.store.set('catalog', [...skus, sku]);
    } finally {
      this.inside--;
      this.table.unlock();
    }
  }

  list(): Promise<string[]> {
    return this.store.get<string[]>('catalog', []);
  }

  locked(): boolean {
    return this.table.isLocked();
  }
}
