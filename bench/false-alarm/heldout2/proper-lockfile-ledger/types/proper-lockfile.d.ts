// The part of proper-lockfile's README API this project uses (without installing @types).
declare module 'proper-lockfile' {
  interface RetryOptions {
    retries?: number;
    factor?: number;
    minTimeout?: number;
    maxTimeout?: number;
  }
  interface LockOptions {
    retries?: number | RetryOptions;
    stale?: number;
    realpath?: boolean;
  }
  export function lock(file: string, options?: LockOptions): Promise<() => Promise<void>>;
  export function check(file: string, options?: { stale?: number; realpath?: boolean }): Promise<boolean>;
}
