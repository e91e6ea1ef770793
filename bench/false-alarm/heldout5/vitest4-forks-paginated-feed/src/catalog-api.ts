export interface Product {
  sku: string;
  price: number;
}

export interface Page {
  items: Product[];
  next: number | null;
}

/** A stand-in for a paginated HTTP API: page `n` holds `pageSize` products; pages can be held or made to fail. */
export class CatalogApi {
  readonly requested: number[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly holds = new Map<number, Promise<void>>();
  readonly failing = new Set<number>();

  constructor(readonly name: string, readonly pages: number, readonly pageSize = 4) {}

  async fetchPage(n: number): Promise<Page> {
    this.requested.push(n);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.holds.get(n);
      await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
      if (this.failing.has(n)) throw new Error(`${this.name}: page ${n} failed (503)`);
      const items = Array.from({ length: this.pageSize }, (_, i) => {
        const k = n * this.pageSize + i;
        return { sku: `${this.name}-${k}`, price: 100 + k };
      });
      return { items, next: n + 1 < this.pages ? n + 1 : null };
    } finally {
      this.inFlight--;
    }
  }
}

/**
 * Every product of the API in page order. The next page is requested as soon as a page arrives,
 * before its items are handed out, so exactly one page is fetched ahead of the consumer. A page
 * fetched ahead is marked handled at once: its failure reaches the consumer when it gets there,
 * and is ignored if the consumer stops before.
 */
export async function* products(api: CatalogApi): AsyncGenerator<Product, void, undefined> {
  let ahead: Promise<Page> | null = fetchAhead(api, 0);
  while (ahead) {
    const page: Page = await ahead;
    ahead = page.next === null ? null : fetchAhead(api, page.next);
    for (const item of page.items) yield item;
  }
}

function fetchAhead(api: CatalogApi, n: number): Promise<Page> {
  const page = api.fetchPage(n);
  page.catch(() => undefined);
  return page;
}
