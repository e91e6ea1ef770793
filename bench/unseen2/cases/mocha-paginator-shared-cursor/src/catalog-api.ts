import { setTimeout as sleep } from 'node:timers/promises';

export interface Page {
  items: string[];
  next?: string;
}

/** A fake REST endpoint with opaque page cursors, like most product APIs. */
export class CatalogApi {
  requests = 0;

  constructor(private readonly products: string[], private readonly pageSize = 3) {}

  async list(cursor?: string): Promise<Page> {
    this.requests++;
    await sleep(2);
    const start = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString(), 10);
    const end = start + this.pageSize;
    const next = end < this.products.length ? Buffer.from(String(end)).toString('base64url') : undefined;
    return { items: this.products.slice(start, end), next };
  }
}
