export interface Product {
  sku: string;
  name: string;
  price: number;
  bundleOf: string[];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fake product database. Every round trip takes a few random milliseconds; it records each
 * batch it was asked for, how often each SKU was read, and how many round trips overlapped.
 */
export class ProductDb {
  readonly batches: string[][] = [];
  readonly reads = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  private readonly rows = new Map<string, Product>();

  constructor(products: Product[]) {
    for (const p of products) this.rows.set(p.sku, { ...p });
  }

  async getMany(skus: readonly string[]): Promise<(Product | undefined)[]> {
    this.batches.push([...skus]);
    for (const sku of skus) this.reads.set(sku, (this.reads.get(sku) ?? 0) + 1);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await pause(1 + Math.floor(Math.random() * 5));
      return skus.map((sku) => {
        const row = this.rows.get(sku);
        return row ? { ...row, bundleOf: [...row.bundleOf] } : undefined;
      });
    } finally {
      this.inFlight--;
    }
  }

  async setPrice(sku: string, price: number): Promise<Product> {
    await pause(1 + Math.floor(Math.random() * 4));
    const row = this.rows.get(sku);
    if (!row) throw new Error(`no product ${sku}`);
    row.price = price;
    return { ...row, bundleOf: [...row.bundleOf] };
  }
}

export function sampleProducts(): Product[] {
  const p = (sku: string, price: number, bundleOf: string[] = []): Product => ({ sku, name: `Product ${sku}`, price, bundleOf });
  return [
    p('A1', 10), p('A2', 12), p('A3', 7), p('B1', 30, ['A1', 'A2']), p('B2', 25, ['A2', 'A3']),
    p('C1', 3), p('C2', 4), p('C3', 5), p('K1', 60, ['B1', 'C1']),
  ];
}
