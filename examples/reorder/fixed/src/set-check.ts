import { Mutex } from 'async-mutex';

/**
 * 004 §V-E (SIR "reorder"), fixed: set() and check() both run under the SetCheck's mutex (the
 * Java fix makes both synchronized), so check() never sees set()'s half-done state.
 */
export class SetCheck {
  private a = 0;
  private b = 0;
  private readonly lock = new Mutex();

  /** @atomic */
  async set(): Promise<void> {
    await this.lock.runExclusive(async () => {
      this.a = 1;
      await Promise.resolve(); // still a context switch, but check() waits for the lock
      this.b = -1;
    });
  }

  async check(): Promise<boolean> {
    return this.lock.runExclusive(() => (this.a === 0 && this.b === 0) || (this.a === 1 && this.b === -1));
  }
}
