import { Account } from './account.ts';

/**
 * 004 Fig. 15, "thing that each account does": the SIR `ManageAccount` thread. Account i
 * transfers 10 to the next account, deposits 10, transfers 10 to the one after that, withdraws
 * 10 and transfers 10 to the next account again. Every account starts with 100 and, once all
 * of them have run, ends with 100.
 */
export class ManageAccount {
  readonly account: Account;
  readonly accounts: Account[];
  /** The index of `account` in `accounts`. */
  readonly i: number;

  constructor(account: Account, accounts: Account[], i: number) {
    this.account = account;
    this.accounts = accounts;
    this.i = i;
  }

  async run(): Promise<void> {
    const num = this.accounts.length;
    await this.account.transfer(this.accounts[(this.i + 1) % num]!, 10);
    await this.account.deposit(10);
    await this.account.transfer(this.accounts[(this.i + 2) % num]!, 10);
    await this.account.withdraw(10);
    await this.account.transfer(this.accounts[(this.i + 1) % num]!, 10);
  }
}

/**
 * `Main.main`: opens `num` accounts of 100 (at least 3, so nobody transfers to itself), starts
 * one ManageAccount per account and joins them all.
 */
export async function main(num = 5): Promise<Account[]> {
  if (num < 3) throw new RangeError(`need at least 3 accounts, got ${num}`);
  const accounts = Array.from({ length: num }, (_, i) => new Account(`A${i}`, 100, i));
  const bank = accounts.map((account, i) => new ManageAccount(account, accounts, i));
  await Promise.all(bank.map((manager) => manager.run()));
  return accounts;
}
