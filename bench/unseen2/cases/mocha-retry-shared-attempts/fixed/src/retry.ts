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
  failures = 0;

  constructor(private readonly options: RetryOptions) {}

  async run<T>(operation: () => Promise<T>): Promise<T> {
    // Each call counts its own attempts: callers share the instance.
    let attempt = 0;
    for (;;) {
      attempt++;
      try {
        return await operation();
      } catch (err) {
        this.failures++;
        if (!isRetryable(err) || attempt >= this.options.attempts) throw new RetryError(attempt, err);
        await sleep(backoffDelay(this.options.baseDelayMs, attempt));
      }
    }
  }
}
