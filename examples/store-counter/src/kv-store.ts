/** An in-memory stand-in for a remote key-value store (Redis, a KV service): every call is a round trip. */
export class KeyValueStore {
  private readonly data = new Map<string, string>();
  requests = 0;

  private async roundTrip(): Promise<void> {
    this.requests++;
    await new Promise((resolve) => setImmediate(resolve));
  }

  async get(key: string): Promise<string | null> {
    await this.roundTrip();
    return this.data.get(key) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await this.roundTrip();
    this.data.set(key, value);
  }

  async delete(key: string): Promise<boolean> {
    await this.roundTrip();
    return this.data.delete(key);
  }

  async keys(prefix = ''): Promise<string[]> {
    await this.roundTrip();
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
}
