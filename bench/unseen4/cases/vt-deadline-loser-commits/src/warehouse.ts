const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class OutOfStock extends Error {}

/** A fake warehouse API: each call is a round trip of minMs…maxMs. */
export class Warehouse {
  private readonly stock = new Map<string, number>();
  private readonly holds = new Map<string, { sku: string; qty: number }>();
  private nextHold = 1;
  private inFlight = 0;

  constructor(
    private readonly minMs = 1,
    private readonly maxMs = 8,
  ) {}

  stockUp(sku: string, qty: number): void {
    this.stock.set(sku, (this.stock.get(sku) ?? 0) + qty);
  }

  available(sku: string): number {
    return this.stock.get(sku) ?? 0;
  }

  get openHolds(): number {
    return this.holds.size;
  }

  async reserve(sku: string, qty: number): Promise<string> {
    return this.call(() => {
      const left = this.available(sku);
      if (left < qty) throw new OutOfStock(`${sku}: ${left} left, ${qty} wanted`);
      this.stock.set(sku, left - qty);
      const id = `h${this.nextHold++}`;
      this.holds.set(id, { sku, qty });
      return id;
    });
  }

  async release(holdId: string): Promise<void> {
    return this.call(() => {
      const hold = this.holds.get(holdId);
      if (!hold) return;
      this.holds.delete(holdId);
      this.stockUp(hold.sku, hold.qty);
    });
  }

  /** Resolves once no call is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight > 0) await sleep(2);
  }

  private async call<T>(apply: () => T): Promise<T> {
    this.inFlight++;
    try {
      await sleep(this.minMs + Math.floor(Math.random() * (this.maxMs - this.minMs + 1)));
      return apply();
    } finally {
      this.inFlight--;
    }
  }
}
