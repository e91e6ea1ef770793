/** A key-value store that answers on a later turn, like a small database. */
export class Store {
  private readonly data = new Map<string, unknown>();

  get<T>(key: string, fallback: T): Promise<T> {
    return new Promise((resolve) => setImmediate(() => resolve((this.data.has(key) ? this.data.get(key) : fallback) as T)));
  }

  set(key: string, value: unknown): Promise<void> {
    return new Promise((resolve) =>
      setTimeout(() => {
        this.data.set(key, value);
        resolve();
      }, 1),
    );
  }
}
