import { ClusterConnection, FakeSearchCluster, IndexMapping, ProductDoc } from './cluster';

export interface ProductInput {
  sku: string;
  title: string;
  tags?: string[];
}

/** Hands out the service's one connection to the search cluster, opened on first use. */
export class SearchGateway {
  private client: ClusterConnection | undefined;
  private mapping: Promise<IndexMapping> | undefined;

  constructor(
    private readonly cluster: FakeSearchCluster,
    private readonly node: string,
  ) {}

  async connection(): Promise<ClusterConnection> {
    if (this.client) return this.client;
    const conn = await this.cluster.connect(this.node);
    this.client = conn;
    return conn;
  }

  /** The index mapping is read once; concurrent callers share the read. */
  mappingFor(index: string): Promise<IndexMapping> {
    if (!this.mapping) {
      this.mapping = this.cluster.readMapping(index).catch((err) => {
        this.mapping = undefined;
        throw err;
      });
    }
    return this.mapping;
  }

  async flush(): Promise<number> {
    if (!this.client) return 0;
    return this.client.flush();
  }

  async shutdown(): Promise<void> {
    const conn = this.client;
    this.client = undefined;
    if (conn) {
      if (conn.buffered > 0) await conn.flush();
      await conn.close();
    }
  }
}

/** The catalogue's write path into search: normalises products and queues them on the gateway's connection. */
export class ProductIndexer {
  indexed = 0;

  constructor(
    private readonly gateway: SearchGateway,
    private readonly indexName = 'products',
  ) {}

  async index(input: ProductInput): Promise<void> {
    const doc = await this.toDoc(input);
    const conn = await this.gateway.connection();
    conn.add(doc);
    this.indexed++;
  }

  async indexAll(inputs: ProductInput[]): Promise<number> {
    await Promise.all(inputs.map((p) => this.index(p)));
    return this.gateway.flush();
  }

  private async toDoc(input: ProductInput): Promise<ProductDoc> {
    if (!/^[A-Z]{2}-\d{3,}$/.test(input.sku)) throw new Error(`bad sku ${input.sku}`);
    const title = input.title.trim();
    if (!title) throw new Error(`product ${input.sku} has no title`);
    const mapping = await this.gateway.mappingFor(this.indexName);
    const doc: ProductDoc = { sku: input.sku, title, tags: normaliseTags(input.tags ?? []) };
    for (const key of Object.keys(doc)) {
      if (!mapping.fields.includes(key)) throw new Error(`field ${key} is not mapped in ${mapping.index}`);
    }
    return doc;
  }
}

export function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].sort();
}
