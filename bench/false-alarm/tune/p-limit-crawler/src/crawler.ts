import pLimit, { type LimitFunction } from 'p-limit';
import { FakeWeb } from './fake-web.ts';

export interface PageResult {
  url: string;
  ok: boolean;
  links: number;
}

export class Crawler {
  private readonly limit: LimitFunction;

  constructor(private readonly web: FakeWeb, concurrency = 2) {
    this.limit = pLimit(concurrency);
  }

  /** Fetches every url (at most `concurrency` at a time); results come back in input order. */
  fetchAll(urls: string[]): Promise<PageResult[]> {
    return Promise.all(urls.map((url) => this.limit(() => this.fetchOne(url))));
  }

  /** Breadth-first crawl from `start`, each level fetched through the limiter; every page once. */
  async crawl(start: string, maxDepth: number): Promise<string[]> {
    const seen = new Set<string>([start]);
    let level = [start];
    for (let depth = 0; depth < maxDepth && level.length > 0; depth++) {
      const pages = await Promise.all(level.map((url) => this.limit(() => this.web.get(url).catch(() => undefined))));
      const next: string[] = [];
      for (const page of pages) {
        for (const link of page?.links ?? []) {
          if (!seen.has(link)) {
            seen.add(link);
            next.push(link);
          }
        }
      }
      level = next;
    }
    return [...seen].sort();
  }

  stats(): { active: number; pending: number } {
    return { active: this.limit.activeCount, pending: this.limit.pendingCount };
  }

  private async fetchOne(url: string): Promise<PageResult> {
    try {
      const page = await this.web.get(url);
      return { url, ok: true, links: page.links.length };
    } catch {
      return { url, ok: false, links: 0 };
    }
  }
}
