export class KeyReused extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was already used for another request`);
    this.name = 'KeyReused';
  }
}

interface Entry<T> {
  fingerprint: string;
  promise: Promise<T>;
  done: boolean;
}

/**
 * Idempotency keys. The key is recorded synchronously, before the work's first await, so a retry
 * arriving at any later moment finds it and shares the first attempt's promise. A failed attempt
 * forgets its key (only its own entry), so the client may retry it.
 */
export class IdempotencyStore<T> {
  private readonly entries = new Map<string, Entry<T>>();
  started = 0;
  replayed = 0;

  run(key: string, fingerprint: string, work: () => Promise<T>): Promise<T> {
    const existing = this.entries.get(key);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return Promise.reject(new KeyReused(key));
      this.replayed++;
      return existing.promise;
    }
    this.started++;
    const entry: Entry<T> = { fingerprint, promise: work(), done: false };
    this.entries.set(key, entry);
    entry.promise.then(
      () => {
        entry.done = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.promise;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get completed(): number {
    return [...this.entries.values()].filter((e) => e.done).length;
  }
}
