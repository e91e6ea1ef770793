// async-lock ships no types: the part of its README API this project uses.
declare module 'async-lock' {
  interface AsyncLockOptions {
    timeout?: number;
    maxPending?: number;
  }
  class AsyncLock {
    constructor(options?: AsyncLockOptions);
    acquire<T>(key: string | string[], fn: () => T | Promise<T>): Promise<T>;
    isBusy(key?: string): boolean;
  }
  export = AsyncLock;
}
