import type { ProductBackend, ProductRow } from './backend.ts';
import { Coalescer } from './coalescer.ts';

export interface Product extends ProductRow {
  display: string;
}

/** The catalogue pages' view of products. */
export class CatalogService {
  private readonly reads = new Coalescer<ProductRow | undefined>();

  constructor(private readonly backend: ProductBackend) {}

  async getProduct(id: string): Promise<Product> {
    const row = await this.reads.run(`product:${id}`, () => this.backend.read(id));
    if (!row) throw new Error(`product ${id} not found`);
    return { ...row, display: formatPrice(row.priceCents) };
  }

  async getMany(ids: string[]): Promise<Product[]> {
    return Promise.all(ids.map((id) => this.getProduct(id)));
  }

  async updatePrice(id: string, priceCents: number): Promise<void> {
    if (!Number.isInteger(priceCents) || priceCents < 0) throw new Error('price must be a whole number of cents');
    await this.backend.write(id, priceCents);
    this.reads.forget(`product:${id}`);
  }

  get loadsStarted(): number {
    return this.reads.started;
  }
}

export function formatPrice(cents: number): string {
  return `€${(cents / 100).toFixed(2).replace('.', ',')}`;
}
