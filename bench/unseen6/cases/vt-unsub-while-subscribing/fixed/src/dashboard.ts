import type { Callback, PubSubClient } from './pubsub';

const promisify = (start: (done: Callback) => void) =>
  new Promise<void>((resolve, reject) => start((error) => (error ? reject(error) : resolve())));

/** A panel showing one symbol's last price. */
export class TickerPanel {
  last?: number;
  updates = 0;
  private readonly onTick = (payload: string) => {
    this.last = Number(payload);
    this.updates++;
  };

  constructor(private readonly client: PubSubClient, readonly symbol: string) {}

  get topic(): string {
    return `ticker:${this.symbol}`;
  }

  mount(): Promise<void> {
    return promisify((done) => this.client.subscribe(this.topic, this.onTick, done));
  }

  unmount(): Promise<void> {
    return promisify((done) => this.client.unsubscribe(this.topic, this.onTick, done));
  }
}

/** The dashboard's panels, opened and closed as the user clicks through symbols. */
export class Dashboard {
  private readonly panels = new Map<string, TickerPanel>();

  constructor(private readonly client: PubSubClient) {}

  async openPanel(id: string, symbol: string): Promise<TickerPanel> {
    if (!/^[A-Z]{1,5}$/.test(symbol)) throw new Error(`unknown symbol ${symbol}`);
    if (this.panels.has(id)) throw new Error(`panel ${id} is already open`);
    const panel = new TickerPanel(this.client, symbol);
    this.panels.set(id, panel);
    await panel.mount();
    return panel;
  }

  async closePanel(id: string): Promise<void> {
    const panel = this.panels.get(id);
    if (!panel) return;
    this.panels.delete(id);
    await panel.unmount();
  }

  get open(): string[] {
    return [...this.panels.keys()];
  }
}
