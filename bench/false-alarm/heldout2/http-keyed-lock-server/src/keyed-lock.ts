/** One FIFO lock per key: work on one key is serialized, different keys run in parallel. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();
  readonly active = new Set<string>();
  maxActive = 0;

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    if (this.active.has(key)) throw new Error(`two holders of ${key}`);
    this.active.add(key);
    this.maxActive = Math.max(this.maxActive, this.active.size);
    try {
      return await work();
    } finally {
      this.active.delete(key);
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  get keys(): number {
    return this.tails.size;
  }
}
