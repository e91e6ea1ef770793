import delay from 'delay';

export interface Quote {
  provider: string;
  amount: number;
  premium: number;
}

/**
 * A fake insurance provider: answers after `latencyMs` (a fixed number, or a random one in a
 * range) with `rate` × amount, unless its call is aborted first. It keeps every call's promise.
 */
export class Provider {
  calls = 0;
  aborted = 0;
  readonly pending: Promise<unknown>[] = [];

  constructor(
    readonly name: string,
    readonly rate: number,
    public latencyMs: number | [number, number],
    public failing = false,
  ) {}

  quote(amount: number, signal?: AbortSignal): Promise<Quote> {
    this.calls++;
    const ms = typeof this.latencyMs === 'number'
      ? this.latencyMs
      : this.latencyMs[0] + Math.floor(Math.random() * (this.latencyMs[1] - this.latencyMs[0] + 1));
    const call = this.answer(amount, ms, signal);
    this.pending.push(call.catch(() => undefined));
    return call;
  }

  private async answer(amount: number, ms: number, signal?: AbortSignal): Promise<Quote> {
    try {
      await delay(ms, { signal });
    } catch (error) {
      this.aborted++;
      throw error;
    }
    if (this.failing) throw new Error(`${this.name} is down`);
    return { provider: this.name, amount, premium: Math.round(amount * this.rate * 100) / 100 };
  }

  /** Resolves when every call made so far has settled (answered, failed or aborted). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }
}
