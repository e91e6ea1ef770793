import { Mutex } from 'async-mutex';

/**
 * 001 (ASSETFUZZER) §2, Figure 1: an account with two fields, checking (c) and savings (s), that
 * form one atomic set. Every method marked `synchronized` in the paper runs its body under the
 * account's mutex; a synchronized method that calls another one of the same object (Java's monitors
 * are reentrant) reads and writes the fields directly instead.
 */
export class Account {
  private checking: number;
  private savings: number;
  private readonly lock = new Mutex();

  /** Account(double c, double s) { setChk(c); setSav(s); } */
  constructor(c = 0, s = 0) {
    this.checking = c;
    this.savings = s;
  }

  /**
   * The copy constructor Account(Account acc), fixed: both fields of acc are read in one lock region
   * of acc (`acc.snapshot()`), so the copy sees acc wholly before or wholly after a creditInterest.
   * A constructor cannot await, so the copy is a method: `const y = await new Account().copyFrom(x)`.
   */
  async copyFrom(acc: Account): Promise<this> {
    if (acc === this) return this;
    const [c, s] = await acc.snapshot();
    await this.lock.runExclusive(() => {
      this.checking = c;
      this.savings = s;
    });
    return this;
  }

  /** synchronized: both fields of the atomic set, read together. */
  async snapshot(): Promise<[number, number]> {
    return this.lock.runExclusive((): [number, number] => [this.checking, this.savings]);
  }

  /** boolean isLegal() — not synchronized; reads through the synchronized getters. */
  async isLegal(): Promise<boolean> {
    return (await this.getChk()) >= 0 && (await this.getSav()) >= 0;
  }

  /** synchronized void creditInterest(double rate) { setChk(getChk() * (1 + rate)); setSav(getSav() * (1 + rate)); } */
  async creditInterest(rate: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.checking = this.checking * (1 + rate);
      this.savings = this.savings * (1 + rate);
    });
  }

  /** synchronized void setEqChk(Account acc) { setChk(acc.getChk()); } */
  async setEqChk(acc: Account): Promise<void> {
    if (acc === this) return;
    await this.lock.runExclusive(async () => {
      this.checking = await acc.getChk();
    });
  }

  /** synchronized void setEqSav(Account acc) { setSav(acc.getSav()); } */
  async setEqSav(acc: Account): Promise<void> {
    if (acc === this) return;
    await this.lock.runExclusive(async () => {
      this.savings = await acc.getSav();
    });
  }

  async getChk(): Promise<number> {
    return this.lock.runExclusive(() => this.checking);
  }

  async getSav(): Promise<number> {
    return this.lock.runExclusive(() => this.savings);
  }

  async setChk(c: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.checking = c;
    });
  }

  async setSav(s: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.savings = s;
    });
  }
}
