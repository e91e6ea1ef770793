import QuickLRU from 'quick-lru';
import { SearchBackend } from './search-backend.js';

/**
 * Suggestions for a prefix: the promise of a lookup is cached (a small LRU), so concurrent
 * callers of one prefix share one backend call. A failed lookup is removed from the cache.
 */
export class Suggestions {
  private readonly cache: QuickLRU<string, Promise<string[]>>;

  constructor(private readonly backend: SearchBackend, maxSize = 3) {
    this.cache = new QuickLRU({ maxSize });
  }

  get(prefix: string): Promise<string[]> {
    const cached = this.cache.get(prefix);
    if (cached) return cached;
    const lookup = this.backend.search(prefix).then((hits) => hits.slice(0, 3));
    this.cache.set(prefix, lookup);
    lookup.catch(() => {
      if (this.cache.peek(prefix) === lookup) this.cache.delete(prefix);
    });
    return lookup;
  }

  cachedPrefixes(): string[] {
    return [...this.cache.keys()];
  }
}
