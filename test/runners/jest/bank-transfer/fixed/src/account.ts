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
    // Fixed: take both locks in one global order, the lower account number first, whichever way
    // the money goes. Two transfers can no longer each hold one lock and wait for the other.
    const [first, second] = this.num < ac.num ? [this, ac] : [ac, this];
    const releaseFirst = await first.lock.acquire();
    try {
      const releaseSecond = await second.lock.acquire();
      try {
        this.amount -= mn;
        ac.amount += mn;
      } finally {
        releaseSecond();
      }
    } finally {
      releaseFirst();
    }
  }
}
