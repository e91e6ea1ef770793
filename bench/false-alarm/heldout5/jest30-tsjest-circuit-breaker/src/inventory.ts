import { BreakerOpen, CircuitBreaker, BreakerOptions } from './circuit-breaker';

export class ServiceDown extends Error {
  constructor(sku: string) {
    super(`inventory service failed for ${sku}`);
    this.name = 'ServiceDown';
  }
}

/** A stand-in for a remote inventory service that can be made to fail or to hold its answers. */
export class InventoryService {
  calls = 0;
  inFlight = 0;
  maxInFlight = 0;
  failing = false;
  hold?: Promise<void>;
  private readonly levels = new Map<string, number>();

  constructor(levels: Record<string, number> = {}) {
    for (const [sku, n] of Object.entries(levels)) this.levels.set(sku, n);
  }

  async lookup(sku: string): Promise<number> {
    this.calls++;
    const fail = this.failing || sku.startsWith('bad-');
    const hold = this.hold;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (hold) await hold;
      await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
      if (fail) throw new ServiceDown(sku);
      return this.levels.get(sku) ?? 0;
    } finally {
      this.inFlight--;
    }
  }
}

export interface StockLevel {
  sku: string;
  units: number;
  stale: boolean;
}

/** Stock lookups through a breaker; while it is open, the last level seen is served as stale. */
export class StockClient {
  readonly breaker: CircuitBreaker;
  private readonly lastSeen = new Map<string, number>();

  constructor(readonly service: InventoryService, options: BreakerOptions) {
    this.breaker = new CircuitBreaker('inventory', options);
  }

  async stock(sku: string): Promise<StockLevel> {
    try {
      const units = await this.breaker.call(() => this.service.lookup(sku));
      this.lastSeen.set(sku, units);
      return { sku, units, stale: false };
    } catch (err) {
      const known = this.lastSeen.get(sku);
      if (err instanceof BreakerOpen && known !== undefined) return { sku, units: known, stale: true };
      throw err;
    }
  }
}
