import { Mutex } from 'async-mutex';

export class InsufficientFundsError extends Error {
  constructor(readonly balance: number) {
    super(`balance went negative: ${balance}`);
    this.name = 'InsufficientFundsError';
  }
}

/** 003 Fig. 1 lines 1-10: every method holds the account's lock ("synchronized"). */
export class Account {
  private balance: number;
  private readonly lock = new Mutex();

  constructor(initial = 100) {
    this.balance = initial;
  }

  async getBalance(): Promise<number> {
    return this.lock.runExclusive(() => this.balance);
  }

  async withdraw(amount: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.balance = this.balance - amount;
      // Fig. 1 line 8: assert(balance >= 0)
      if (this.balance < 0) throw new InsufficientFundsError(this.balance);
    });
  }
}

/**
 * Fig. 1 lines 12-17 / 18-23: withdraw only when the balance covers it. Each method call is
 * locked, but the check and the withdrawal are two lock regions with an await in between.
 * @atomic
 */
export async function checkThenWithdraw(account: Account, amount: number): Promise<boolean> {
  if ((await account.getBalance()) >= amount) {
    await account.withdraw(amount);
    return true;
  }
  return false;
}
