export interface Backing<K, V> {
  load(key: K): Promise<V | undefined>;
  store(key: K, value: V): Promise<void>;
}

interface Slot<V> {
  value: V;
  dirty: boolean;
}

/** An LRU cache that keeps writes in memory and stores a dirty entry when it is evicted or flushed. */
export class WriteBackCache<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  loads = 0;
  evictions = 0;
  writes = 0;

  constructor(private readonly backing: Backing<K, V>, private readonly capacity: number) {}

  async get(key: K): Promise<V | undefined> {
    const cached = this.slots.get(key);
    if (cached) {
      this.slots.delete(key);
      this.slots.set(key, cached);
      return cached.value;
    }
    this.loads++;
    const value = await this.backing.load(key);
    const raced = this.slots.get(key);
    if (raced) return raced.value;
    if (value !== undefined) await this.put(key, { value, dirty: false });
    return value;
  }

  set(key: K, value: V): Promise<void> {
    return this.put(key, { value, dirty: true });
  }

  private async put(key: K, slot: Slot<V>): Promise<void> {
    this.slots.delete(key);
    this.slots.set(key, slot);
    while (this.slots.size > this.capacity) await this.evictOldest();
  }

  private async evictOldest(): Promise<void> {
    const oldest = this.slots.entries().next().value;
    if (!oldest) return;
    const [key, slot] = oldest;
    this.slots.delete(key);
    this.evictions++;
    if (slot.dirty) {
      this.writes++;
      await this.backing.store(key, slot.value);
    }
  }

  async flush(): Promise<void> {
    for (const [key, slot] of [...this.slots]) {
      if (!slot.dirty) continue;
      slot.dirty = false;
      this.writes++;
      await this.backing.store(key, slot.value);
    }
  }

  get size(): number {
    return this.slots.size;
  }
}
