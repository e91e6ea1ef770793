import { Account } from './account';
import { Ledger } from './ledger';

export class Bank {
  readonly ledger = new Ledger();
  private readonly accounts = new Map<string, Account>();

  open(id: string, balance: number): Account {
    this.ledger.open(id, balance);
    const account = new Account(id, this.ledger);
    this.accounts.set(id, account);
    return account;
  }

  get(id: string): Account {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`no account ${id}`);
    return account;
  }

  /** Moves money between two accounts. Both locks are taken in id order, so two opposite transfers cannot deadlock. */
  async transfer(from: string, to: string, amount: number): Promise<void> {
    if (from === to) throw new Error('transfer to the same account');
    const a = this.get(from);
    const b = this.get(to);
    const [first, second] = from < to ? [a, b] : [b, a];
    const releaseFirst = await first.lock.acquire();
    try {
      const releaseSecond = await second.lock.acquire();
      try {
        await a.apply(-amount);
        await b.apply(amount);
      } finally {
        releaseSecond();
      }
    } finally {
      releaseFirst();
    }
  }

  async total(): Promise<number> {
    let sum = 0;
    for (const account of this.accounts.values()) sum += await account.balance();
    return sum;
  }
}
