import { Mutex, type MutexInterface } from 'async-mutex';

/**
 * A Java object monitor carried over to async code. Every Java object has one; here a class that
 * needs `synchronized` methods with `wait()` / `notifyAll()` extends `Monitor`.
 *
 * - `synchronized` method: `await this.enter(); try { … } finally { this.exit(); }`
 * - `this.wait()`: joins the wait set, releases the monitor, sleeps until notified, then
 *   re-acquires the monitor before it returns (so the caller holds the monitor again).
 * - `this.notifyAll()`: wakes every waiter; each still has to re-acquire the monitor first.
 *
 * A waiter joins the wait set before it releases the monitor, so a notify cannot be lost.
 */
export class Monitor {
  private readonly monitorLock = new Mutex();
  private releaseMonitor: MutexInterface.Releaser | undefined;
  private waitSet: Array<() => void> = [];

  /** Enter the monitor: the start of a `synchronized` method. */
  protected async enter(): Promise<void> {
    this.releaseMonitor = await this.monitorLock.acquire();
  }

  /** Leave the monitor: the end of a `synchronized` method. */
  protected exit(): void {
    const release = this.releaseMonitor;
    this.releaseMonitor = undefined;
    release?.();
  }

  /** `Object.wait()`: call only while holding the monitor. */
  protected async wait(): Promise<void> {
    const notified = new Promise<void>((resolve) => {
      this.waitSet.push(resolve);
    });
    this.exit();
    await notified;
    await this.enter();
  }

  /** `Object.notifyAll()`: call only while holding the monitor. */
  protected notifyAll(): void {
    const waiters = this.waitSet;
    this.waitSet = [];
    for (const wake of waiters) wake();
  }
}
