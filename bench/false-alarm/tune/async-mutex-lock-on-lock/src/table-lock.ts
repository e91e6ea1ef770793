import { Mutex, type MutexInterface } from 'async-mutex';

/** A lock with explicit lock()/unlock(), as our older code expects; built on an async-mutex Mutex. */
export class TableLock {
  private readonly mutex = new Mutex();
  private release: MutexInterface.Releaser | undefined;

  async lock(): Promise<void> {
    const release = await this.mutex.acquire();
    this.release = release;
  }

  unlock(): void {
    const release = this.release;
    if (!release) throw new Error('unlock() without lock()');
    this.release = undefined;
    release();
  }

  isLocked(): boolean {
    return this.mutex.isLocked();
  }
}
