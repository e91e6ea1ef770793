/** Caches the promise, not the value: a second caller during the first load gets the same promise. */
export class PromiseMemo<K, V> {
  private readonly entries = new Map<K, Promise<V>>();

  constructor(private readonly load: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.load(key);
    this.entries.set(key, pending);
    // A failed load is forgotten so that the next caller tries again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
