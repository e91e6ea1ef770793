import { EventEmitter } from 'node:events';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export interface Tick {
  symbol: string;
  price: number;
  seq: number;
}

/** The upstream market-data connection: a symbol's ticks flow once it is subscribed. */
export class ExchangeFeed extends EventEmitter {
  private readonly open = new Set<string>();
  private seq = 0;
  subscribeCalls = 0;

  async subscribe(symbol: string): Promise<void> {
    this.subscribeCalls++;
    await sleep(jitter(1, 3));
    this.open.add(symbol);
  }

  isOpen(symbol: string): boolean {
    return this.open.has(symbol);
  }

  /** The exchange publishes a trade; only open symbols reach the gateway. */
  publish(symbol: string, price: number): void {
    if (!this.open.has(symbol)) return;
    this.emit('tick', { symbol, price, seq: ++this.seq } satisfies Tick);
  }
}

/** Market-data licences: which users may see real-time quotes of which venue. */
export class Entitlements {
  checks = 0;
  constructor(
    private readonly grants: Record<string, string[]>,
    private readonly latency: { min: number; max: number } = { min: 1, max: 6 },
  ) {}

  async allows(user: string, symbol: string): Promise<boolean> {
    this.checks++;
    await sleep(jitter(this.latency.min, this.latency.max));
    const venue = symbol.split('.')[1] ?? 'US';
    return (this.grants[user] ?? []).includes(venue);
  }
}
