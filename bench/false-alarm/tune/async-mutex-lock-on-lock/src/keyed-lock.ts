import { Mutex } from 'async-mutex';

/** One mutex per key: work on the same key is serialized, work on different keys is not. */
export class KeyedLock {
  private readonly mutexes = new Map<string, Mutex>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let mutex = this.mutexes.get(key);
    if (!mutex) {
      mutex = new Mutex();
      this.mutexes.set(key, mutex);
    }
    return mutex.runExclusive(work);
  }

  isLocked(key: string): boolean {
    return this.mutexes.get(key)?.isLocked() ?? false;
  }
}
