import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogApi } from './catalog-api.ts';

export function toCsvRow(sku: string): string {
  return /[",\n]/.test(sku) ? `"${sku.replace(/"/g, '""')}"` : sku;
}

/** Walks every page of the catalogue. */
export class ProductLister {
  private cursor: string | undefined;
  pagesRead = 0;

  constructor(private readonly api: CatalogApi) {}

  async *pages(): AsyncGenerator<string[]> {
    this.cursor = undefined;
    do {
      const page = await this.api.list(this.cursor);
      this.pagesRead++;
      this.cursor = page.next;
      yield page.items;
    } while (this.cursor !== undefined);
  }

  async all(): Promise<string[]> {
    const items: string[] = [];
    for await (const page of this.pages()) items.push(...page);
    return items;
  }
}

/** Writes the catalogue as CSV lines. */
export async function exportCsv(lister: ProductLister): Promise<string> {
  const rows = ['sku'];
  for await (const page of lister.pages()) rows.push(...page.map(toCsvRow));
  return rows.join('\n');
}

/** Sends each page to a search index, which takes a while per page. */
export async function reindex(lister: ProductLister, indexed: string[], msPerPage = 5): Promise<number> {
  let pages = 0;
  for await (const page of lister.pages()) {
    await sleep(msPerPage);
    indexed.push(...page);
    pages++;
  }
  return pages;
}
