import { setTimeout as sleep } from 'node:timers/promises';
import type { Retrier } from './retry.ts';

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(`${status} ${message}`);
  }
}

/** A fake warehouse API that answers 503 to the first calls for each SKU, as during a deploy. */
export class WarehouseApi {
  private readonly calls = new Map<string, number>();

  constructor(private readonly stock: Record<string, number>, private readonly unavailableFor = 2) {}

  async stockOf(sku: string): Promise<number> {
    const n = (this.calls.get(sku) ?? 0) + 1;
    this.calls.set(sku, n);
    await sleep(1);
    if (!(sku in this.stock)) throw new HttpError(404, `unknown sku ${sku}`);
    if (n <= this.unavailableFor) throw new HttpError(503, 'service unavailable');
    return this.stock[sku];
  }

  callsFor(sku: string): number {
    return this.calls.get(sku) ?? 0;
  }
}

/** Copies stock levels from the warehouse into the shop's catalogue. */
export class InventorySync {
  readonly levels = new Map<string, number>();

  constructor(private readonly api: WarehouseApi, private readonly retrier: Retrier) {}

  async syncSku(sku: string): Promise<number> {
    const level = await this.retrier.run(() => this.api.stockOf(sku));
    this.levels.set(sku, level);
    return level;
  }
}
