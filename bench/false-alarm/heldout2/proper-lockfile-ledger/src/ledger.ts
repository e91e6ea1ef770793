import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import * as lockfile from 'proper-lockfile';

export interface LedgerData {
  balances: Record<string, number>;
  entries: string[];
}

const patient = { retries: { retries: 200, factor: 1.3, minTimeout: 2, maxTimeout: 25 } };

/** A ledger kept in one JSON file; every change is a locked read-modify-write of the whole file. */
export class Ledger {
  constructor(readonly file: string, private readonly thinkMs = 2) {}

  async init(): Promise<void> {
    await writeFile(this.file, JSON.stringify({ balances: {}, entries: [] } satisfies LedgerData));
  }

  async read(): Promise<LedgerData> {
    return JSON.parse(await readFile(this.file, 'utf8')) as LedgerData;
  }

  private async locked<T>(retry: boolean, change: (data: LedgerData) => T): Promise<T> {
    const release = await lockfile.lock(this.file, retry ? patient : { retries: 0 });
    try {
      const data = await this.read();
      await sleep(this.thinkMs); // validation against a remote service
      const result = change(data);
      await writeFile(this.file, JSON.stringify(data));
      return result;
    } finally {
      await release();
    }
  }

  /** Credits an account; waits for the lock if another writer has it. */
  credit(account: string, amount: number, memo = 'credit'): Promise<number> {
    return this.locked(true, (d) => {
      d.balances[account] = (d.balances[account] ?? 0) + amount;
      d.entries.push(`${memo}:${account}:${amount}`);
      return d.balances[account];
    });
  }

  /** Moves money between accounts atomically; fails if the source would go negative. */
  transfer(from: string, to: string, amount: number): Promise<void> {
    return this.locked(true, (d) => {
      const have = d.balances[from] ?? 0;
      if (have < amount) throw new Error(`insufficient funds in ${from}: ${have}`);
      d.balances[from] = have - amount;
      d.balances[to] = (d.balances[to] ?? 0) + amount;
      d.entries.push(`transfer:${from}>${to}:${amount}`);
    });
  }

  /** Credits only if nobody else holds the lock right now (a best-effort background job). */
  tryCredit(account: string, amount: number): Promise<number> {
    return this.locked(false, (d) => {
      d.balances[account] = (d.balances[account] ?? 0) + amount;
      d.entries.push(`try:${account}:${amount}`);
      return d.balances[account];
    });
  }

  isLocked(): Promise<boolean> {
    return lockfile.check(this.file);
  }
}
