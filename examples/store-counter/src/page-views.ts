import type { KeyValueStore } from './kv-store.ts';

/** Counts page views in the key-value store, one key per page. */
export class PageViews {
  constructor(private readonly store: KeyValueStore) {}

  private key(page: string): string {
    return `views:${page}`;
  }

  /**
   * One more view of `page`: read the count, add one, write it back — two round trips. Requests
   * that overlap read the same count, and all but one increment are lost.
   */
  async record(page: string): Promise<number> {
    const current = Number((await this.store.get(this.key(page))) ?? '0');
    const next = current + 1;
    await this.store.set(this.key(page), String(next));
    return next;
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
