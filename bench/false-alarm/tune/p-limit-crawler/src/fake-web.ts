import { setTimeout as sleep } from 'node:timers/promises';

/** A fake web: pages answer after a few milliseconds; the number of open requests is tracked. */
export class FakeWeb {
  inFlight = 0;
  maxInFlight = 0;
  hits = new Map<string, number>();

  constructor(private readonly pages: Record<string, { links: string[]; ms?: number }>) {}

  async get(url: string): Promise<{ url: string; links: string[] }> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.hits.set(url, (this.hits.get(url) ?? 0) + 1);
    try {
      const page = this.pages[url];
      await sleep(page?.ms ?? 3);
      if (!page) throw new Error(`404 ${url}`);
      return { url, links: page.links };
    } finally {
      this.inFlight--;
    }
  }
}
