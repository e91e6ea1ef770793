import { Mutex } from 'async-mutex';
import { Ledger } from './ledger';

export class InsufficientFunds extends Error {
  constructor(id: string, balance: number, amount: number) {
    super(`account ${id}: balance ${balance} < ${amount}`);
    this.name = 'InsufficientFunds';
  }
}

export class Account {
  readonly lock = new Mutex();
  /** how many tasks are inside this account's critical section right now (for tests) */
  inside = 0;
  maxInside = 0;

  constructor(readonly id: string, private readonly ledger: Ledger) {}

  balance(): Promise<number> {
    return this.lock.runExclusive(() => this.ledger.read(this.id));
  }

  deposit(amount: number): Promise<number> {
    return this.lock.runExclusive(() => this.apply(amount));
  }

  withdraw(amount: number): Promise<number> {
    return this.lock.runExclusive(() => this.apply(-amount));
  }

  /** read, check, write; the caller holds this.lock */
  async apply(delta: number): Promise<number> {
    this.enter();
    try {
      const balance = await this.ledger.read(this.id);
      if (balance + delta < 0) throw new InsufficientFunds(this.id, balance, -delta);
      await this.ledger.write(this.id, balance + delta);
      return balance + delta;
    } finally {
      this.inside--;
    }
  }

  private enter(): void {
    this.inside++;
    this.maxInside = Math.max(this.maxInside, this.inside);
  }
}
