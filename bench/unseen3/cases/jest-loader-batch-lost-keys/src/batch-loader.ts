interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/** Collects the keys asked for in one tick and fetches them with one call. */
export class BatchLoader<K, V> {
  private queue: Waiting<K, V>[] = [];
  private scheduled = false;
  batches = 0;

  constructor(private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        process.nextTick(() => {
          this.scheduled = false;
          void this.dispatch();
        });
      }
    });
  }

  loadMany(keys: K[]): Promise<V[]> {
    return Promise.all(keys.map((key) => this.load(key)));
  }

  /** Fetches the queued keys (each once) and settles every waiting load. */
  private async dispatch(): Promise<void> {
    this.batches++;
    const keys = uniqueKeys(this.queue.map((w) => w.key));
    try {
      const found = await this.fetchMany(keys);
      for (const waiting of this.queue) {
        const value = found.get(waiting.key);
        if (value === undefined) waiting.reject(new Error(`not found: ${String(waiting.key)}`));
        else waiting.resolve(value);
      }
    } catch (err) {
      for (const waiting of this.queue) waiting.reject(err);
    }
    this.queue = [];
  }
}

export function uniqueKeys<K>(keys: K[]): K[] {
  return [...new Set(keys)];
}
