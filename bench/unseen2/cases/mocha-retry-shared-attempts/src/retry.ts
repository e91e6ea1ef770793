import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
}

/** What a caller gets when an operation failed on its last allowed attempt. */
export class RetryError extends Error {
  constructor(readonly attempts: number, readonly lastError: unknown) {
    super(`gave up after ${attempts} attempts: ${(lastError as Error)?.message ?? lastError}`);
  }
}

export function backoffDelay(baseDelayMs: number, attempt: number): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

export function isRetryable(err: unknown): boolean {
  const status = (err as { status?: number })?.status;
  return status === undefined || status === 429 || status >= 500;
}

/** Retries an operation with exponential backoff. */
export class Retrier {
  private attempt = 0;
  private lastError: unknown;
  failures = 0;

  constructor(private readonly options: RetryOptions) {}

  async run<T>(operation: () => Promise<T>): Promise<T> {
    this.attempt = 0;
    for (;;) {
      this.attempt++;
      try {
        return await operation();
      } catch (err) {
        this.lastError = err;
        this.failures++;
        if (!isRetryable(err) || this.attempt >= this.options.attempts) throw new RetryError(this.attempt, this.lastError);
        await sleep(backoffDelay(this.options.baseDelayMs, this.attempt));
      }
    }
  }
}
