const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A sliding-window rate limit: at most `limit` grants in any `windowMs`. The check and the grant
 * are made synchronously on Date.now() after every wake-up, so a timer that fires a little early
 * only means another wait.
 */
export class RateWindow {
  private readonly grants: number[] = [];
  readonly granted: number[] = [];

  constructor(readonly limit: number, readonly windowMs: number) {}

  async acquire(): Promise<number> {
    for (;;) {
      const now = Date.now();
      while (this.grants.length > 0 && now - this.grants[0] >= this.windowMs) this.grants.shift();
      if (this.grants.length < this.limit) {
        this.grants.push(now);
        this.granted.push(now);
        return now;
      }
      await pause(this.grants[0] + this.windowMs - now);
    }
  }
}

/**
 * Polls `check` every `intervalMs` until it returns true or the deadline (a Date) has passed.
 * Returns whether the condition was met.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, deadline: Date, intervalMs = 5): Promise<boolean> {
  while (new Date() < deadline) {
    if (await check()) return true;
    await pause(intervalMs);
  }
  return check();
}

export function deadlineIn(ms: number): Date {
  return new Date(Date.now() + ms);
}
