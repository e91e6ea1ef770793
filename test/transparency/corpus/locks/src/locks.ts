// Locks: async-mutex Mutex / Semaphore / withTimeout (runExclusive with values and errors,
// acquire + release, release functions called twice), a user lock class named in the trace
// settings, and objects that merely have methods called acquire / release / runExclusive.
import { Mutex, Semaphore, withTimeout, E_TIMEOUT } from 'async-mutex';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Counter {
  private readonly mutex = new Mutex();
  value = 0;
  order: string[] = [];

  async incrementExclusive(label: string): Promise<number> {
    return this.mutex.runExclusive(async () => {
      this.order.push(`${label} in`);
      const current = this.value;
      await tick();
      this.value = current + 1;
      this.order.push(`${label} out`);
      return this.value;
    });
  }

  async incrementManually(label: string): Promise<number> {
    const release = await this.mutex.acquire();
    try {
      this.order.push(`${label} acquired`);
      const current = this.value;
      await tick();
      this.value = current + 1;
      return this.value;
    } finally {
      release();
      release();
    }
  }

  async failInside(): Promise<string> {
    try {
      await this.mutex.runExclusive(() => {
        throw new RangeError('inside the lock');
      });
      return 'no error';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}, locked=${this.mutex.isLocked()}`;
    }
  }

  /** A callback with an own `apply` property: the lock must call the function itself. */
  oddCallback(): Promise<string> {
    const callback = Object.assign(() => 'the callback ran', { apply: () => 'apply property ran' });
    return this.mutex.runExclusive(callback);
  }

  syncCallback(): Promise<string> {
    return this.mutex.runExclusive(function (this: unknown) {
      return `sync callback, this is ${typeof this}`;
    });
  }
}

export async function semaphore(): Promise<string[]> {
  const sem = new Semaphore(2);
  const log: string[] = [];
  await Promise.all(
    [1, 2, 3].map((n) =>
      sem.runExclusive(async (value) => {
        log.push(`task ${n} got ${value}`);
        await tick();
      }),
    ),
  );
  const [value, release] = await sem.acquire();
  log.push(`manual ${value}`);
  release();
  return log;
}

export async function timeout(): Promise<string> {
  const mutex = withTimeout(new Mutex(), 10);
  const release = await mutex.acquire();
  try {
    await mutex.acquire();
    return 'acquired twice';
  } catch (error) {
    return error === E_TIMEOUT ? 'timed out' : String(error);
  } finally {
    release();
  }
}

/** A user lock class: named in the settings' `locks`. */
export class SpinLock {
  private held = false;
  private waiters: (() => void)[] = [];
  async lock(): Promise<void> {
    while (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.held = true;
  }
  unlock(): void {
    this.held = false;
    this.waiters.shift()?.();
  }
}

export async function userLock(): Promise<string[]> {
  const lock = new SpinLock();
  const out: string[] = [];
  const worker = async (name: string) => {
    await lock.lock();
    try {
      out.push(`${name} start`);
      await tick();
      out.push(`${name} end`);
    } finally {
      lock.unlock();
    }
  };
  await Promise.all([worker('a'), worker('b')]);
  return out;
}

/** Not locks: just methods with the same names. */
export const pool = {
  free: 2,
  acquire(): number {
    return --this.free;
  },
  release(): number {
    return ++this.free;
  },
  runExclusive(fn: () => string, suffix = '!'): string {
    return fn() + suffix;
  },
  isLocked: 'not a function',
};

export function lookAlikes(): unknown[] {
  return [pool.acquire(), pool.acquire(), pool.release(), pool.runExclusive(() => 'ran'), pool.runExclusive(() => 'ran', '?')];
}
