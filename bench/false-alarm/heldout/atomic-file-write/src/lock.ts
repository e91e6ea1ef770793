/** A FIFO lock: acquire() resolves when the caller holds it; release() hands it to the next waiter. */
export class Lock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next(); // ownership passes directly to the next waiter
    else this.held = false;
  }

  isHeld(): boolean {
    return this.held;
  }
}
