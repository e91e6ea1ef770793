import { setTimeout as sleep } from 'node:timers/promises';

/** A slow key-value store of bin quantities (a remote database). */
export class BinStore {
  private readonly qty = new Map<string, number>();
  reads = 0;

  constructor(initial: Record<string, number>) {
    for (const [bin, n] of Object.entries(initial)) this.qty.set(bin, n);
  }

  async read(bin: string): Promise<number> {
    this.reads++;
    await sleep(1);
    return this.qty.get(bin) ?? 0;
  }

  async write(bin: string, n: number): Promise<void> {
    await sleep(1);
    this.qty.set(bin, n);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.qty].sort());
  }
}
