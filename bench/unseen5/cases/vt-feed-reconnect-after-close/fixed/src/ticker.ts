import type { FakeBroker, Tick } from './broker';
import { createFeedClient, type FeedClient, type FeedOptions } from './feed-client';

/** Keeps the latest price per symbol for the dashboard, from a live broker feed. */
export class PriceTicker {
  private readonly feed: FeedClient;
  private readonly prices = new Map<string, Tick>();
  private running = false;
  received = 0;
  lateTicks = 0;

  constructor(broker: FakeBroker, symbols: string[], options: Partial<FeedOptions> = {}) {
    if (symbols.length === 0) throw new Error('a ticker needs at least one symbol');
    this.feed = createFeedClient(broker, { ...options, symbols, onTick: this.onTick });
  }

  private readonly onTick = (tick: Tick): void => {
    if (!this.running) {
      this.lateTicks++;
      return;
    }
    this.received++;
    const prev = this.prices.get(tick.symbol);
    if (!prev || prev.seq < tick.seq) this.prices.set(tick.symbol, tick);
  };

  async start(): Promise<void> {
    this.running = true;
    await this.feed.start();
  }

  stop(): void {
    this.running = false;
    this.feed.close();
  }

  latest(symbol: string): number | undefined {
    return this.prices.get(symbol)?.price;
  }

  get online(): boolean {
    return this.feed.connected;
  }

  get reconnects(): number {
    return this.feed.reconnects;
  }
}
