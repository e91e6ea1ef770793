import AsyncLock from 'async-lock';
import { BinStore } from './store.ts';

export class Warehouse {
  private readonly lock: AsyncLock;
  readonly holding = new Set<string>();
  maxHolding = 0;

  constructor(readonly store: BinStore, options: { maxPending?: number; timeout?: number } = {}) {
    this.lock = new AsyncLock({ maxPending: options.maxPending ?? 1000, timeout: options.timeout });
  }

  private enter(bins: string[]): void {
    for (const b of bins) {
      if (this.holding.has(b)) throw new Error(`bin ${b} held twice`);
      this.holding.add(b);
    }
    this.maxHolding = Math.max(this.maxHolding, this.holding.size);
  }

  private leave(bins: string[]): void {
    for (const b of bins) this.holding.delete(b);
  }

  /** Adds (or with a negative delta removes) stock; refuses to go below zero. */
  adjust(bin: string, delta: number): Promise<number> {
    return this.lock.acquire(bin, async () => {
      this.enter([bin]);
      try {
        const n = await this.store.read(bin);
        if (n + delta < 0) throw new Error(`bin ${bin} has only ${n}`);
        await this.store.write(bin, n + delta);
        return n + delta;
      } finally {
        this.leave([bin]);
      }
    });
  }

  /** Moves stock between two bins; both are locked for the whole move, always in name order (no deadlock). */
  move(from: string, to: string, qty: number): Promise<void> {
    const bins = [from, to].sort();
    return this.lock.acquire(bins, async () => {
      this.enter(bins);
      try {
        const have = await this.store.read(from);
        if (have < qty) throw new Error(`bin ${from} has only ${have}`);
        const there = await this.store.read(to);
        await this.store.write(from, have - qty);
        await this.store.write(to, there + qty);
      } finally {
        this.leave(bins);
      }
    });
  }

  /** Runs `inside` while holding `bin` (for audits and tests). */
  withBin<T>(bin: string, inside: () => Promise<T>): Promise<T> {
    return this.lock.acquire(bin, inside);
  }

  busy(bin?: string): boolean {
    return this.lock.isBusy(bin);
  }
}
