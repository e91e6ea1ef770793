/** A promise-chain mutex: holders run one at a time, in the order they asked. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  async lock(): Promise<() => void> {
    let open!: () => void;
    const turn = new Promise<void>((resolve) => (open = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    this.waiting++;
    await previous;
    this.waiting--;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      open();
    };
  }

  async runExclusive<T>(work: () => Promise<T>): Promise<T> {
    const unlock = await this.lock();
    try {
      return await work();
    } finally {
      unlock();
    }
  }

  get queued(): number {
    return this.waiting;
  }
}

/** One mutex per key, created on first use. */
export class LockTable {
  private readonly locks = new Map<string, Mutex>();

  constructor(readonly label: string) {}

  withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    let mutex = this.locks.get(key);
    if (!mutex) {
      mutex = new Mutex();
      this.locks.set(key, mutex);
    }
    return mutex.runExclusive(work);
  }

  waitersFor(key: string): number {
    return this.locks.get(key)?.queued ?? 0;
  }
}

/** A counting semaphore; a release hands its permit straight to the next waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];
  private active = 0;
  peak = 0;

  constructor(private readonly permits: number) {
    if (permits < 1) throw new Error('a semaphore needs at least one permit');
  }

  async acquire(): Promise<void> {
    if (this.active < this.permits) {
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.active--;
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
