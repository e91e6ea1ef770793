import { ConflictError, VersionedRepo } from './doc-store.ts';

export interface Line {
  sku: string;
  qty: number;
  cents: number;
}

export interface Order {
  customer: string;
  lines: Line[];
  coupon?: string;
  note?: string;
}

/** A keyed promise-chain mutex: work on one key runs one at a time, in arrival order. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(fn);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

/** Coupons with a limited number of redemptions, counted in memory under a per-code lock. */
export class CouponLedger {
  private readonly used = new Map<string, number>();
  private readonly lock = new KeyedMutex();

  constructor(private readonly limits: Record<string, number>) {}

  redeem(code: string): Promise<boolean> {
    return this.lock.run(code, async () => {
      const used = this.used.get(code) ?? 0;
      await new Promise((r) => setTimeout(r, Math.random() * 2)); // audit round trip
      if (used >= (this.limits[code] ?? 0)) return false;
      this.used.set(code, used + 1);
      return true;
    });
  }
}

const PRICES: Record<string, number> = { mug: 900, tea: 450, pot: 2900, cozy: 1200 };

export class OrderService {
  retries = 0;

  constructor(private readonly repo: VersionedRepo<Order>, private readonly coupons: CouponLedger) {}

  async open(id: string, customer: string): Promise<void> {
    await this.repo.create(id, { customer, lines: [] });
  }

  /** Load, change, save; on a version conflict start again from a fresh load. */
  private async update(id: string, change: (order: Order) => void): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const { doc, version } = await this.repo.load(id);
      change(doc);
      try {
        return await this.repo.save(id, doc, version);
      } catch (err) {
        if (!(err instanceof ConflictError) || attempt === 5) throw err;
        this.retries++;
      }
    }
  }

  addItem(id: string, sku: string, qty = 1): Promise<number> {
    const cents = PRICES[sku];
    if (cents === undefined) return Promise.reject(new Error(`unknown sku ${sku}`));
    return this.update(id, (o) => {
      const line = o.lines.find((l) => l.sku === sku);
      if (line) line.qty += qty;
      else o.lines.push({ sku, qty, cents });
    });
  }

  setNote(id: string, note: string): Promise<number> {
    return this.update(id, (o) => void (o.note = note));
  }

  async applyCoupon(id: string, code: string): Promise<boolean> {
    if (!(await this.coupons.redeem(code))) return false;
    await this.update(id, (o) => void (o.coupon = code));
    return true;
  }

  async get(id: string): Promise<Order & { version: number; total: number }> {
    const { doc, version } = await this.repo.load(id);
    const total = doc.lines.reduce((s, l) => s + l.qty * l.cents, 0);
    return { ...doc, version, total };
  }
}
