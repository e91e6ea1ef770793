/**
 * A per-tenant token bucket refilled by a timer. Tokens are handed out synchronously: `take()`
 * grants at once only when tokens are left and nobody is waiting (so a newcomer never overtakes a
 * waiter), and each refill hands its tokens to the waiters in the order they asked.
 */
export class TenantBucket {
  tokens: number;
  granted = 0;
  refills = 0;
  private readonly waiters: Array<() => void> = [];
  private timer?: NodeJS.Timeout;

  constructor(readonly capacity: number, readonly refillEveryMs: number) {
    this.tokens = capacity;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  take(): Promise<void> {
    if (this.tokens > 0 && this.waiters.length === 0) {
      this.tokens--;
      this.granted++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      this.arm();
    });
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.refill(), this.refillEveryMs);
  }

  private refill(): void {
    this.refills++;
    this.tokens = Math.min(this.capacity, this.tokens + 1);
    while (this.tokens > 0 && this.waiters.length > 0) {
      this.tokens--;
      this.granted++;
      this.waiters.shift()!();
    }
    if (this.waiters.length === 0 && this.tokens === this.capacity) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
