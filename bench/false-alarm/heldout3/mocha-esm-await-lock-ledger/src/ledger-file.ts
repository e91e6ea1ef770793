import { readFile, rename, writeFile } from 'node:fs/promises';
import AwaitLock from 'await-lock';

export interface Entry {
  seq: number;
  account: string;
  amount: number;
  memo: string;
}

interface LedgerData {
  entries: Entry[];
  archived: number;
}

/**
 * A ledger kept in one JSON file. Every change reads the file, changes it and writes it back
 * (through a temp file and a rename) while holding the lock; the lock is released in `finally`.
 */
export class LedgerFile {
  readonly lock = new AwaitLock();
  writes = 0;

  constructor(readonly path: string) {}

  async init(): Promise<void> {
    await writeFile(this.path, JSON.stringify({ entries: [], archived: 0 } satisfies LedgerData));
  }

  async read(): Promise<LedgerData> {
    return JSON.parse(await readFile(this.path, 'utf8')) as LedgerData;
  }

  private async write(data: LedgerData): Promise<void> {
    const tmp = `${this.path}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(data));
    await rename(tmp, this.path);
    this.writes++;
  }

  /** Runs `change` on the current contents under the lock and stores what it returns. */
  async update<T>(change: (data: LedgerData) => T, opts: { timeout?: number } = {}): Promise<T> {
    await this.lock.acquireAsync(opts);
    try {
      const data = await this.read();
      const result = change(data);
      await this.write(data);
      return result;
    } finally {
      this.lock.release();
    }
  }

  /** Folds all entries into one per account, but only if nobody holds the lock right now. */
  async compactIfIdle(): Promise<'compacted' | 'busy'> {
    if (!this.lock.tryAcquire()) return 'busy';
    try {
      const data = await this.read();
      const sums = new Map<string, number>();
      for (const e of data.entries) sums.set(e.account, (sums.get(e.account) ?? 0) + e.amount);
      const last = data.entries.at(-1)?.seq ?? 0;
      data.archived += data.entries.length;
      data.entries = [...sums].map(([account, amount], i) => ({ seq: last + i + 1, account, amount, memo: 'carried' }));
      await this.write(data);
      return 'compacted';
    } finally {
      this.lock.release();
    }
  }
}
