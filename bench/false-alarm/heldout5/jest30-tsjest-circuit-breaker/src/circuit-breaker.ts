import Denque from 'denque';

export type BreakerState = 'closed' | 'open' | 'half-open';

export class BreakerOpen extends Error {
  constructor(readonly breaker: string) {
    super(`circuit ${breaker} is open`);
    this.name = 'BreakerOpen';
  }
}

export interface BreakerOptions {
  /** How many recent outcomes are kept. */
  windowSize: number;
  /** Failures among the kept outcomes that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one probe is let through. */
  cooldownMs: number;
}

/**
 * A circuit breaker whose state only changes in synchronous steps: admission (`admit`) and the
 * recording of an outcome (`record`) never straddle an await, so two callers can never both take
 * the single half-open probe, and the circuit opens once however many failures arrive.
 */
export class CircuitBreaker {
  state: BreakerState = 'closed';
  readonly transitions: string[] = [];
  rejected = 0;
  private readonly outcomes = new Denque<boolean>();
  private openedAt = 0;
  private probing = false;

  constructor(readonly name: string, private readonly options: BreakerOptions) {}

  async call<T>(work: () => Promise<T>): Promise<T> {
    const probe = this.admit();
    let value: T;
    try {
      value = await work();
    } catch (err) {
      this.record(false, probe);
      throw err;
    }
    this.record(true, probe);
    return value;
  }

  get failures(): number {
    return this.outcomes.toArray().filter((ok) => !ok).length;
  }

  get opened(): number {
    return this.transitions.filter((t) => t.endsWith('->open')).length;
  }

  /** Returns whether this call is the half-open probe; throws BreakerOpen when turned away. */
  private admit(): boolean {
    if (this.state === 'open') {
      if (Date.now() - this.openedAt < this.options.cooldownMs) return this.turnAway();
      this.moveTo('half-open');
    }
    if (this.state === 'half-open') {
      if (this.probing) return this.turnAway();
      this.probing = true;
      return true;
    }
    return false;
  }

  private turnAway(): never {
    this.rejected++;
    throw new BreakerOpen(this.name);
  }

  private record(ok: boolean, probe: boolean): void {
    if (probe) {
      this.probing = false;
      if (ok) {
        this.outcomes.clear();
        this.moveTo('closed');
      } else {
        this.open();
      }
      return;
    }
    // A call admitted while closed that ends after the circuit opened says nothing new.
    if (this.state !== 'closed') return;
    this.outcomes.push(ok);
    while (this.outcomes.length > this.options.windowSize) this.outcomes.shift();
    if (this.failures >= this.options.failureThreshold) this.open();
  }

  private open(): void {
    this.openedAt = Date.now();
    this.moveTo('open');
  }

  private moveTo(next: BreakerState): void {
    this.transitions.push(`${this.state}->${next}`);
    this.state = next;
  }
}
