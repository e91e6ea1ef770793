import { EventEmitter } from 'node:events';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake line-oriented socket: emits 'line' for each line after a random gap, then 'end'. */
export class LineFeed extends EventEmitter {
  constructor(
    private readonly lines: string[],
    private readonly maxGapMs = 3,
  ) {
    super();
  }

  static fromText(text: string, maxGapMs?: number): LineFeed {
    return new LineFeed(text.split('\n'), maxGapMs);
  }

  /** Starts emitting on the next turn, so listeners can be attached first. */
  start(): this {
    setImmediate(() => void this.pump());
    return this;
  }

  private async pump(): Promise<void> {
    for (const line of this.lines) {
      this.emit('line', line);
      const gap = Math.floor(Math.random() * (this.maxGapMs + 1));
      if (gap === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      else await sleep(gap);
    }
    this.emit('end');
  }
}

const RATES: Record<string, number> = { EUR: 1, USD: 0.92, GBP: 1.17, CHF: 1.04 };

/** A fake exchange-rate service: every conversion is a round trip. */
export class FxDesk {
  calls = 0;

  constructor(private readonly maxLatencyMs = 4) {}

  async convert(cents: number, from: string, to: string): Promise<number> {
    this.calls++;
    if (!(from in RATES) || !(to in RATES)) throw new Error(`no rate ${from}/${to}`);
    await sleep(1 + Math.floor(Math.random() * this.maxLatencyMs));
    return Math.round((cents * RATES[from]) / RATES[to]);
  }
}
