/** A least-recently-used map with a fixed capacity; `onEvict` hears about every entry pushed out. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    readonly capacity: number,
    private readonly onEvict: (key: K, value: V) => void = () => {},
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const [oldest, evicted] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      this.onEvict(oldest, evicted);
    }
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }
}
