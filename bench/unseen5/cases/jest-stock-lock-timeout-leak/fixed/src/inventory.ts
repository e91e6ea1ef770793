import { LockTimeoutError, Semaphore, TimedMutex } from './lock';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A fake warehouse database with a round trip per call. */
export class WarehouseDb {
  private readonly stock = new Map<string, number>();
  writes = 0;

  constructor(private readonly latencyMs: [number, number] = [1, 3]) {}

  seed(levels: Record<string, number>): void {
    for (const [sku, qty] of Object.entries(levels)) this.stock.set(sku, qty);
  }

  async read(sku: string): Promise<number> {
    await sleep(between(...this.latencyMs));
    const qty = this.stock.get(sku);
    if (qty === undefined) throw new Error(`unknown sku ${sku}`);
    return qty;
  }

  async write(sku: string, qty: number): Promise<void> {
    await sleep(between(...this.latencyMs));
    this.writes++;
    this.stock.set(sku, qty);
  }
}

export interface Line {
  sku: string;
  qty: number;
}

/** Serialises every change to stock levels behind one lock. */
export class StockLedger {
  readonly lock = new TimedMutex('stock');

  constructor(private readonly db: WarehouseDb) {}

  adjust(sku: string, delta: number, waitMs: number): Promise<number> {
    return this.lock.runExclusive(waitMs, async () => {
      const current = await this.db.read(sku);
      const next = current + delta;
      if (next < 0) throw new Error(`insufficient stock for ${sku}: ${current} left, ${-delta} wanted`);
      await this.db.write(sku, next);
      return next;
    });
  }

  /** Overwrites counted levels in one exclusive pass (a stocktake can take a while). */
  recount(counts: Record<string, number>, waitMs: number, pauseMs = 0): Promise<void> {
    return this.lock.runExclusive(waitMs, async () => {
      for (const [sku, qty] of Object.entries(counts)) {
        await this.db.write(sku, qty);
        if (pauseMs > 0) await sleep(pauseMs);
      }
    });
  }

  level(sku: string): Promise<number> {
    return this.db.read(sku);
  }
}

export type ReserveResult = { orderId: string; status: 'reserved' } | { orderId: string; status: 'busy' | 'rejected'; reason: string };

/** Checkout's view of the warehouse: reserves an order's lines, answering "busy" when the ledger is held too long. */
export class InventoryService {
  constructor(
    private readonly ledger: StockLedger,
    private readonly checkoutWaitMs = 200,
  ) {}

  async reserve(orderId: string, lines: Line[], waitMs = this.checkoutWaitMs): Promise<ReserveResult> {
    if (lines.length === 0 || lines.some((l) => !Number.isInteger(l.qty) || l.qty <= 0)) {
      return { orderId, status: 'rejected', reason: 'order lines must have positive whole quantities' };
    }
    const done: Line[] = [];
    try {
      for (const line of lines) {
        await this.ledger.adjust(line.sku, -line.qty, waitMs);
        done.push(line);
      }
      return { orderId, status: 'reserved' };
    } catch (err) {
      for (const line of done.reverse()) await this.ledger.adjust(line.sku, line.qty, this.checkoutWaitMs);
      if (err instanceof LockTimeoutError) return { orderId, status: 'busy', reason: err.message };
      return { orderId, status: 'rejected', reason: (err as Error).message };
    }
  }
}

/** Prints shipping labels on a printer pool of fixed size. */
export class LabelPrinter {
  private readonly slots: Semaphore;
  printed: string[] = [];
  active = 0;

  constructor(printers: number) {
    this.slots = new Semaphore(printers);
  }

  get peak(): number {
    return this.slots.peak;
  }

  print(orderId: string): Promise<string> {
    return this.slots.use(async () => {
      this.active++;
      if (this.active > this.peakSeen) this.peakSeen = this.active;
      await sleep(between(2, 6));
      this.active--;
      this.printed.push(orderId);
      return `LABEL:${orderId}`;
    });
  }

  peakSeen = 0;
}
