import { Mutex } from 'async-mutex';

/**
 * 004 §V-F: the SIR `account` program. Every method is `synchronized`: it holds the account's
 * `async-mutex` lock. (The paper spells the first method `deposite`, SIR `depsite`.)
 */
export class Account {
  amount: number;
  readonly name: string;
  /** The account number. */
  readonly num: number;
  private readonly lock = new Mutex();

  constructor(name: string, amount: number, num: number) {
    this.name = name;
    this.amount = amount;
    this.num = num;
  }

  async deposit(money: number): Promise<void> {
    const release = await this.lock.acquire();
    try {
      this.amount += money;
    } finally {
      release();
    }
  }

  async withdraw(money: number): Promise<void> {
    const release = await this.lock.acquire();
    try {
      this.amount -= money;
    } finally {
      release();
    }
  }

  /** Moves `mn` from this account to `ac`. */
  async transfer(ac: Account, mn: number): Promise<void> {
    // Java's monitors are reentrant, async-mutex is not: a transfer to oneself would wait for itself.
    if (ac === this) throw new RangeError(`account ${this.num} cannot transfer to itself`);
    const release = await this.lock.acquire(); // synchronized void transfer(Account ac, double mn)
    try {
      this.amount -= mn;
      // BUG (004 §V-F): holding this account's lock, take the other account's lock. Two transfers
      // in opposite directions (or a ring of them) each hold one lock and wait for the other.
      const releaseAc = await ac.lock.acquire(); // synchronized (ac) { ac.amount += mn; }
      try {
        ac.amount += mn;
      } finally {
        releaseAc();
      }
    } finally {
      release();
    }
  }
}
