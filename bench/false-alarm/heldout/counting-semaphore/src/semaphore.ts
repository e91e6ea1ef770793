/** A counting semaphore: up to `permits` holders at once, waiters served first come, first served. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private permits: number) {}

  async acquire(): Promise<() => void> {
    if (this.permits > 0) {
      this.permits--;
    } else {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next(); // the permit goes straight to the next waiter
      else this.permits++;
    };
  }

  async with<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  available(): number {
    return this.permits;
  }

  waiting(): number {
    return this.waiters.length;
  }
}
