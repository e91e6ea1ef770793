export type BreakerState = 'closed' | 'open' | 'half-open';

export class CircuitOpenError extends Error {
  constructor(readonly breaker: string) {
    super(`${breaker} is unavailable, try again later`);
  }
}

export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  now: () => number;
  /** Re-creates the underlying connection before a trial request is let through. */
  reconnect: () => Promise<void>;
}

/** Stops calling a failing dependency for a while, then lets one trial request test it. */
export class CircuitBreaker {
  state: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  readonly transitions: string[] = [];

  constructor(
    readonly name: string,
    private readonly options: BreakerOptions,
  ) {}

  private move(to: BreakerState): void {
    if (this.state !== to) this.transitions.push(`${this.state}->${to}`);
    this.state = to;
  }

  private async admit(): Promise<void> {
    if (this.state === 'closed') return;
    if (this.state === 'half-open') throw new CircuitOpenError(this.name);
    if (this.options.now() - this.openedAt < this.options.cooldownMs) throw new CircuitOpenError(this.name);
    this.move('half-open');
    try {
      await this.options.reconnect();
    } catch (err) {
      this.openedAt = this.options.now();
      this.move('open');
      throw err;
    }
  }

  private succeeded(): void {
    this.failures = 0;
    this.move('closed');
  }

  private failed(): void {
    this.failures++;
    if (this.state === 'half-open' || this.failures >= this.options.failureThreshold) {
      this.openedAt = this.options.now();
      this.move('open');
    }
  }

  async exec<T>(operation: () => Promise<T>): Promise<T> {
    await this.admit();
    try {
      const result = await operation();
      this.succeeded();
      return result;
    } catch (err) {
      this.failed();
      throw err;
    }
  }
}
