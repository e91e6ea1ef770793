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

  /** Check and withdraw in one lock region: nothing can run between them. */
  async withdrawIfCovered(amount: number): Promise<boolean> {
    return this.lock.runExclusive(() => {
      if (this.balance < amount) return false;
      this.balance = this.balance - amount;
      return true;
    });
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
 * Fig. 1 lines 12-17 / 18-23, fixed: the check and the withdrawal happen in one lock region.
 * @atomic
 */
export async function checkThenWithdraw(account: Account, amount: number): Promise<boolean> {
  return account.withdrawIfCovered(amount);
}
