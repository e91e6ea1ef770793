export interface ProductDoc {
  sku: string;
  title: string;
  tags: string[];
}

export interface IndexMapping {
  index: string;
  fields: string[];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (min: number, spread: number) => pause(min + Math.floor(Math.random() * spread));

/** One connection to the fake search cluster. Documents are buffered per connection until flushed. */
export class ClusterConnection {
  private readonly buffer: ProductDoc[] = [];
  private open = true;

  constructor(
    readonly id: number,
    private readonly cluster: FakeSearchCluster,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  add(doc: ProductDoc): void {
    if (!this.open) throw new Error(`connection ${this.id} is closed`);
    this.buffer.push({ ...doc, tags: [...doc.tags] });
  }

  async flush(): Promise<number> {
    if (!this.open) throw new Error(`connection ${this.id} is closed`);
    const batch = this.buffer.splice(0, this.buffer.length);
    await jitter(1, 3);
    this.cluster.store(batch);
    return batch.length;
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await jitter(1, 2);
    this.cluster.disconnected(this.id);
  }
}

/** A fake search cluster: connections take a few milliseconds to open, documents become searchable once flushed. */
export class FakeSearchCluster {
  private readonly docs = new Map<string, ProductDoc>();
  private readonly connections = new Set<number>();
  private nextId = 1;
  connectsStarted = 0;
  mappingReads = 0;

  async connect(node: string): Promise<ClusterConnection> {
    if (!node.startsWith('search://')) throw new Error(`bad node address ${node}`);
    this.connectsStarted++;
    const id = this.nextId++;
    await jitter(2, 4);
    this.connections.add(id);
    return new ClusterConnection(id, this);
  }

  async readMapping(index: string): Promise<IndexMapping> {
    this.mappingReads++;
    await jitter(1, 4);
    return { index, fields: ['sku', 'title', 'tags'] };
  }

  store(batch: ProductDoc[]): void {
    for (const doc of batch) this.docs.set(doc.sku, doc);
  }

  disconnected(id: number): void {
    this.connections.delete(id);
  }

  get openConnections(): number {
    return this.connections.size;
  }

  search(term: string): string[] {
    const needle = term.toLowerCase();
    return [...this.docs.values()]
      .filter((d) => d.title.toLowerCase().includes(needle) || d.tags.includes(needle))
      .map((d) => d.sku)
      .sort();
  }
}
