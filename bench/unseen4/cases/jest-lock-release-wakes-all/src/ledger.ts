import { CallbackLock, Semaphore } from './lock';

const pause = (min: number, spread: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, min + Math.floor(Math.random() * spread)));

export interface Entry {
  account: string;
  amount: number;
  balanceAfter: number;
}

/** A fake journal database: one round trip per call. */
export class JournalStore {
  readonly entries: Entry[] = [];

  async balance(account: string): Promise<number> {
    await pause(1, 3);
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i].account === account) return this.entries[i].balanceAfter;
    return 0;
  }

  async append(entry: Entry): Promise<void> {
    await pause(1, 3);
    this.entries.push({ ...entry });
  }
}

export class InsufficientFunds extends Error {}

/** Posts entries one at a time, each computed from the account's current balance. */
export class Ledger {
  private readonly lock = new CallbackLock();

  constructor(readonly store: JournalStore) {}

  post(account: string, amount: number): Promise<number> {
    return this.lock.run(async () => {
      const balance = await this.store.balance(account);
      const after = balance + amount;
      if (after < 0) throw new InsufficientFunds(`${account} has ${balance}, cannot take ${-amount}`);
      await this.store.append({ account, amount, balanceAfter: after });
      return after;
    });
  }

  get contention(): number {
    return this.lock.waits;
  }
}

/** The bank's operations over the ledger. Amounts are in cents. */
export class Bank {
  readonly ledger: Ledger;
  private readonly exports = new Semaphore(2);
  rendering = 0;
  peakRendering = 0;

  constructor(store = new JournalStore()) {
    this.ledger = new Ledger(store);
  }

  deposit(account: string, cents: number): Promise<number> {
    if (!Number.isInteger(cents) || cents <= 0) return Promise.reject(new Error('deposit must be a positive whole number of cents'));
    return this.ledger.post(account, cents);
  }

  withdraw(account: string, cents: number): Promise<number> {
    return this.ledger.post(account, -cents);
  }

  balance(account: string): Promise<number> {
    return this.ledger.store.balance(account);
  }

  /** Renders an account's statement; at most two renders run at once. */
  statement(account: string): Promise<string> {
    return this.exports.use(async () => {
      this.rendering++;
      this.peakRendering = Math.max(this.peakRendering, this.rendering);
      try {
        await pause(2, 4);
        if (account.startsWith('closed-')) throw new Error(`${account} is closed`);
        const lines = this.ledger.store.entries.filter((e) => e.account === account);
        return lines.map((e) => `${e.amount > 0 ? '+' : ''}${e.amount} = ${e.balanceAfter}`).join('\n');
      } finally {
        this.rendering--;
      }
    });
  }
}
