import type { KeyValueStore } from './kv-store.ts';

/** Counts page views in the key-value store, one key per page. */
export class PageViews {
  constructor(private readonly store: KeyValueStore) {}

  private key(page: string): string {
    return `views:${page}`;
  }

  /** One more view of `page`. Fixed: the store's atomic increment (INCR) instead of get, +1, set. */
  async record(page: string): Promise<number> {
    return this.store.incr(this.key(page));
  }

  async count(page: string): Promise<number> {
    return Number((await this.store.get(this.key(page))) ?? '0');
  }

  /** Every page with its count, most viewed first. */
  async top(): Promise<[string, number][]> {
    const pages: [string, number][] = [];
    for (const key of await this.store.keys('views:')) {
      const page = key.slice('views:'.length);
      pages.push([page, await this.count(page)]);
    }
    return pages.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }

  async reset(page: string): Promise<void> {
    await this.store.delete(this.key(page));
  }
}
