import { EventEmitter } from 'node:events';

export type Release = () => void;

/**
 * A mutual-exclusion lock for callback-style code: acquire(cb) calls cb(release) once the caller
 * holds the lock. Waiters sleep on the 'released' event.
 */
export class CallbackLock {
  private held = false;
  private readonly events = new EventEmitter();
  waits = 0;

  constructor() {
    this.events.setMaxListeners(0);
  }

  acquire(onAcquired: (release: Release) => void): void {
    if (!this.held) {
      this.held = true;
      process.nextTick(onAcquired, this.releaser());
      return;
    }
    this.waits++;
    this.events.once('released', () => {
      this.held = true;
      onAcquired(this.releaser());
    });
  }

  /** The promise form: runs task while holding the lock. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.acquire((release) => {
        task().then(
          (value) => {
            release();
            resolve(value);
          },
          (err) => {
            release();
            reject(err);
          },
        );
      });
    });
  }

  get isLocked(): boolean {
    return this.held;
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held = false;
      this.events.emit('released');
    };
  }
}

/** A counting semaphore: at most `permits` holders; release hands a permit straight to the next waiter. */
export class Semaphore {
  private readonly queue: Array<() => void> = [];

  constructor(private permits: number) {}

  async acquire(): Promise<void> {
    if (this.permits > 0) {
      this.permits--;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.permits++;
  }

  async use<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }
}
