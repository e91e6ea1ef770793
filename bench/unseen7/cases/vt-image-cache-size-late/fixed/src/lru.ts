/** How many bytes a value costs in the cache; may need I/O (a probe, a decode). */
export type Sizer<V> = (value: V) => Promise<number>;

interface Entry<V> {
  value: V;
  size: number;
}

/** Least-recently-used map with a byte budget: `used` never exceeds `capacity` once a set returns. */
export class SizedLru<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly pending = new Map<K, number>();
  private tickets = 0;
  used = 0;
  evictions = 0;

  constructor(
    readonly capacity: number,
    private readonly sizeOf: Sizer<V>,
    private readonly onEvict: (key: K) => void = () => {},
  ) {}

  get count(): number {
    return this.entries.size;
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }

  /** The sum of the sizes of the entries present (what `used` must equal). */
  get accounted(): number {
    let sum = 0;
    for (const entry of this.entries.values()) sum += entry.size;
    return sum;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async set(key: K, value: V): Promise<void> {
    const ticket = ++this.tickets;
    this.pending.set(key, ticket);
    const size = await this.sizeOf(value);
    // Insert, account and trim in one synchronous step, once the size is known; a newer set or a
    // delete of the key made while this one was measuring wins.
    if (this.pending.get(key) !== ticket) return;
    this.pending.delete(key);
    this.remove(key);
    this.entries.set(key, { value, size });
    this.used += size;
    this.trim();
  }

  delete(key: K): boolean {
    this.pending.delete(key);
    return this.remove(key);
  }

  private remove(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.used -= entry.size;
    return true;
  }

  /** Evicts from the least recently used end until the budget holds. */
  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.used <= this.capacity) return;
      this.entries.delete(key);
      this.used -= entry.size;
      this.evictions++;
      this.onEvict(key);
    }
  }
}
