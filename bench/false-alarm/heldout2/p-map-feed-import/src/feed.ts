import { setTimeout as sleep } from 'node:timers/promises';

export interface RawItem {
  sku: string;
  price: string;
  status?: 'active' | 'discontinued';
  ms?: number;
}

/** A fake supplier endpoint that validates one item at a time (slowly). */
export class Validator {
  active = 0;
  maxActive = 0;
  calls = 0;

  async validate(item: RawItem): Promise<{ sku: string; cents: number }> {
    this.calls++;
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await sleep(item.ms ?? 3);
      const cents = Math.round(Number(item.price) * 100);
      if (!Number.isFinite(cents) || cents <= 0) throw new Error(`bad price for ${item.sku}: ${item.price}`);
      return { sku: item.sku, cents };
    } finally {
      this.active--;
    }
  }
}

/** Pages of a feed, fetched lazily one page at a time. */
export async function* pagedFeed(pages: RawItem[][], pageMs = 1): AsyncGenerator<RawItem> {
  for (const page of pages) {
    await sleep(pageMs);
    yield* page;
  }
}
