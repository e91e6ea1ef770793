import pSettle from 'p-settle';
import { CatalogApi, Product, products } from './catalog-api.js';

/** A slow product store (an upsert takes a few ms and may be held at a gate). */
export class ProductStore {
  readonly rows = new Map<string, number>();
  writes = 0;
  inFlight = 0;
  maxInFlight = 0;
  hold?: Promise<void>;

  async upsert(product: Product): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const hold = this.hold;
    try {
      if (hold) await hold;
      await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
      if (product.price < 0) throw new Error(`negative price for ${product.sku}`);
      this.rows.set(product.sku, product.price);
      this.writes++;
    } finally {
      this.inFlight--;
    }
  }
}

export interface ImportReport {
  imported: number;
  failed: string[];
  pages: number;
}

export class Importer {
  constructor(readonly store: ProductStore, readonly concurrency = 2) {}

  /** Pages are read one by one; the products of a page are upserted `concurrency` at a time. */
  async importAll(api: CatalogApi, adjust: (p: Product) => Product = (p) => p): Promise<ImportReport> {
    const report: ImportReport = { imported: 0, failed: [], pages: 0 };
    let batch: Product[] = [];
    const flush = async () => {
      const page = batch;
      batch = [];
      const results = await pSettle(page, { mapper: (p) => this.store.upsert(p), concurrency: this.concurrency });
      results.forEach((r, i) => (r.isFulfilled ? report.imported++ : report.failed.push(page[i].sku)));
      report.pages++;
    };
    for await (const product of products(api)) {
      batch.push(adjust(product));
      if (batch.length === api.pageSize) await flush();
    }
    if (batch.length > 0) await flush();
    return report;
  }

  /** Takes the rows as they are now (a copy, made before the first await), then writes them out slowly. */
  async exportSnapshot(sink: string[]): Promise<number> {
    const rows = [...this.store.rows.entries()];
    for (const [sku, price] of rows) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sink.push(`${sku}=${price}`);
    }
    return rows.length;
  }
}
