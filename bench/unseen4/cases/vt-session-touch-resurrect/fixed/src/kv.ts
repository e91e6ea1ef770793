/** An in-memory stand-in for a networked key-value server: every command takes one round trip. */
export class KvBackend {
  private readonly rows = new Map<string, string>();
  commands = 0;

  private roundTrip<T>(apply: () => T): Promise<T> {
    this.commands++;
    return new Promise((resolve) => setTimeout(() => resolve(apply()), 1));
  }

  get(key: string): Promise<string | undefined> {
    return this.roundTrip(() => this.rows.get(key));
  }

  set(key: string, value: string): Promise<void> {
    return this.roundTrip(() => {
      this.rows.set(key, value);
    });
  }

  /** Writes `value` only if the key still holds `expected`; resolves whether it did. */
  setIfMatch(key: string, expected: string, value: string): Promise<boolean> {
    return this.roundTrip(() => {
      if (this.rows.get(key) !== expected) return false;
      this.rows.set(key, value);
      return true;
    });
  }

  del(key: string): Promise<boolean> {
    return this.roundTrip(() => this.rows.delete(key));
  }

  keys(prefix: string): Promise<string[]> {
    return this.roundTrip(() => [...this.rows.keys()].filter((k) => k.startsWith(prefix)));
  }
}
