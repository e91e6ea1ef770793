import type { Entry } from './ledger-file.ts';
import { LedgerFile } from './ledger-file.ts';

export class InsufficientFunds extends Error {
  constructor(readonly account: string, readonly balance: number, readonly amount: number) {
    super(`${account}: balance ${balance} is less than ${amount}`);
    this.name = 'InsufficientFunds';
  }
}

const balanceOf = (entries: Entry[], account: string) =>
  entries.filter((e) => e.account === account).reduce((sum, e) => sum + e.amount, 0);

const nextSeq = (entries: Entry[]) => (entries.at(-1)?.seq ?? 0) + 1;

/** Accounts on a ledger file. The balance check and the entry are made in one locked update. */
export class Accounts {
  constructor(readonly ledger: LedgerFile) {}

  deposit(account: string, amount: number, memo = 'deposit'): Promise<Entry> {
    return this.ledger.update((data) => {
      const entry = { seq: nextSeq(data.entries), account, amount, memo };
      data.entries.push(entry);
      return entry;
    });
  }

  withdraw(account: string, amount: number, memo = 'withdrawal'): Promise<Entry> {
    return this.ledger.update((data) => {
      const balance = balanceOf(data.entries, account);
      if (balance < amount) throw new InsufficientFunds(account, balance, amount);
      const entry = { seq: nextSeq(data.entries), account, amount: -amount, memo };
      data.entries.push(entry);
      return entry;
    });
  }

  transfer(from: string, to: string, amount: number): Promise<Entry[]> {
    return this.ledger.update((data) => {
      const balance = balanceOf(data.entries, from);
      if (balance < amount) throw new InsufficientFunds(from, balance, amount);
      const seq = nextSeq(data.entries);
      const out = { seq, account: from, amount: -amount, memo: `to ${to}` };
      const into = { seq: seq + 1, account: to, amount, memo: `from ${from}` };
      data.entries.push(out, into);
      return [out, into];
    });
  }

  async balance(account: string): Promise<number> {
    return balanceOf((await this.ledger.read()).entries, account);
  }
}
