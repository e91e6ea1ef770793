export type Release = () => void;

export class LockTimeoutError extends Error {
  constructor(
    readonly lockName: string,
    readonly waitedMs: number,
  ) {
    super(`timed out after ${waitedMs} ms waiting for lock ${lockName}`);
    this.name = 'LockTimeoutError';
  }
}

interface Waiter {
  grant(): void;
}

/** A mutual-exclusion lock whose waiters give up after a deadline. Waiters are served first come, first served. */
export class TimedMutex {
  private locked = false;
  private readonly waiters: Waiter[] = [];
  timeouts = 0;

  constructor(readonly name: string) {}

  get isLocked(): boolean {
    return this.locked;
  }

  get queued(): number {
    return this.waiters.length;
  }

  acquire(timeoutMs: number): Promise<Release> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise<Release>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.timeouts++;
        reject(new LockTimeoutError(this.name, timeoutMs));
      }, timeoutMs);
      this.waiters.push({
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser());
        },
      });
    });
  }

  async runExclusive<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(timeoutMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.locked = false;
    };
  }
}

/** A counting semaphore; a released permit is handed straight to the first waiter. */
export class Semaphore {
  private readonly queue: Array<() => void> = [];
  private inUse = 0;
  peak = 0;

  constructor(private readonly permits: number) {
    if (permits < 1) throw new Error('a semaphore needs at least one permit');
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.inUse < this.permits) this.inUse++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    this.peak = Math.max(this.peak, this.inUse);
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.inUse--;
    }
  }
}
