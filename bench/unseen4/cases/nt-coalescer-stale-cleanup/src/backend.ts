export interface ProductRow {
  id: string;
  name: string;
  priceCents: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const latency = (max: number) => delay(1 + Math.floor(Math.random() * max));

/** A fake product database that counts reads, and reads of one row issued while an equivalent one is pending. */
export class ProductBackend {
  private readonly rows = new Map<string, ProductRow>();
  private readonly versions = new Map<string, number>();
  private readonly pending = new Map<string, number[]>();
  reads = 0;
  redundantReads = 0;

  seed(rows: ProductRow[]): void {
    for (const row of rows) this.rows.set(row.id, { ...row });
  }

  async read(id: string): Promise<ProductRow | undefined> {
    this.reads++;
    const version = this.versions.get(id) ?? 0;
    const pending = this.pending.get(id) ?? [];
    if (pending.includes(version)) this.redundantReads++;
    this.pending.set(id, [...pending, version]);
    await latency(4);
    const rest = this.pending.get(id) ?? [];
    rest.splice(rest.indexOf(version), 1);
    const row = this.rows.get(id);
    return row && { ...row };
  }

  async write(id: string, priceCents: number): Promise<void> {
    await delay(1);
    await latency(3);
    const row = this.rows.get(id);
    if (!row) throw new Error(`no product ${id}`);
    row.priceCents = priceCents;
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }
}
