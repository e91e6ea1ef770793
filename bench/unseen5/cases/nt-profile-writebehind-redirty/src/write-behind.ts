import type { FakeKvStore } from './kv.ts';

export interface Codec<V> {
  encode(value: V): string;
  decode(text: string): V;
}

/**
 * Serves reads from memory and writes changed entries to the store shortly after they change.
 * Flushes never overlap: each one is chained after the previous.
 */
export class WriteBehindCache<V> {
  private readonly values = new Map<string, V>();
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  flushes = 0;

  constructor(
    private readonly store: FakeKvStore,
    private readonly codec: Codec<V>,
    private readonly delayMs = 5,
  ) {}

  async get(key: string): Promise<V | undefined> {
    if (this.values.has(key)) return this.values.get(key);
    const text = await this.store.get(key);
    if (text === undefined) return undefined;
    if (!this.values.has(key)) this.values.set(key, this.codec.decode(text));
    return this.values.get(key);
  }

  set(key: string, value: V): void {
    this.values.set(key, value);
    this.dirty.add(key);
    this.timer ??= setTimeout(this.onTimer, this.delayMs);
  }

  get pending(): number {
    return this.dirty.size;
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    void this.flush().catch(() => undefined);
  };

  /** Writes every changed entry; resolves when this flush (and those before it) are done. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.writeDirty());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async writeDirty(): Promise<void> {
    this.flushes++;
    for (const key of [...this.dirty]) {
      const value = this.values.get(key);
      if (value === undefined) continue;
      await this.store.put(key, this.codec.encode(value));
      this.dirty.delete(key);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
