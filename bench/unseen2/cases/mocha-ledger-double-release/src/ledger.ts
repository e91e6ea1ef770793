import { setTimeout as sleep } from 'node:timers/promises';
import { Mutex } from './mutex.cjs';

export class InsufficientFunds extends Error {
  constructor(readonly account: string, readonly wanted: number, readonly available: number) {
    super(`${account} has ${available}, needs ${wanted}`);
  }
}

export function toCents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`bad amount ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** A fake balance table with a network round trip per call. */
export class BalanceTable {
  private readonly rows = new Map<string, number>();

  constructor(initial: Record<string, number>) {
    for (const [account, cents] of Object.entries(initial)) this.rows.set(account, cents);
  }

  async get(account: string): Promise<number> {
    await sleep(1);
    return this.rows.get(account) ?? 0;
  }

  async put(account: string, cents: number): Promise<void> {
    await sleep(1);
    this.rows.set(account, cents);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.rows);
  }
}

/** Moves money between wallets; one transfer at a time touches the table. */
export class Ledger {
  private readonly lock = new Mutex();
  readonly journal: string[] = [];

  constructor(private readonly table: BalanceTable) {}

  async transfer(from: string, to: string, cents: number): Promise<void> {
    if (!Number.isInteger(cents) || cents <= 0) throw new Error(`bad amount ${cents}`);
    await this.lock.acquire();
    try {
      const available = await this.table.get(from);
      if (available < cents) {
        this.lock.release();
        throw new InsufficientFunds(from, cents, available);
      }
      const target = await this.table.get(to);
      await this.table.put(from, available - cents);
      await this.table.put(to, target + cents);
      this.journal.push(`${from} -> ${to}: ${cents}`);
    } finally {
      this.lock.release();
    }
  }
}
