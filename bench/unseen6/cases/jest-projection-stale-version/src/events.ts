export interface LedgerEvent {
  stream: string;
  version: number;
  type: 'deposited' | 'withdrawn';
  amount: number;
  currency: string;
}

export type Handler = (event: LedgerEvent) => Promise<void>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Append-only event store with an expected-version check per stream. */
export class EventStore {
  private readonly streams = new Map<string, LedgerEvent[]>();

  async append(stream: string, expectedVersion: number, event: Omit<LedgerEvent, 'stream' | 'version'>): Promise<LedgerEvent> {
    await wait(1);
    const events = this.streams.get(stream) ?? [];
    if (events.length !== expectedVersion) throw new Error(`version conflict on ${stream}`);
    const stored: LedgerEvent = { ...event, stream, version: events.length + 1 };
    events.push(stored);
    this.streams.set(stream, events);
    return { ...stored };
  }

  read(stream: string): LedgerEvent[] {
    return (this.streams.get(stream) ?? []).map((e) => ({ ...e }));
  }

  streamIds(): string[] {
    return [...this.streams.keys()];
  }
}

export interface BusOptions {
  /** How long a delivery may stay unacknowledged before the bus delivers it again. */
  ackTimeoutMs: number;
  /** Upper bound of the random transport delay of one delivery. */
  maxDelayMs: number;
}

/**
 * A message bus with at-least-once delivery: each event reaches the subscriber after a
 * random transport delay, and is delivered once more when the handler has not
 * acknowledged it within ackTimeoutMs (the way SQS or a broker's visibility timeout works).
 */
export class EventBus {
  private handler: Handler | undefined;
  private outstanding = 0;
  private idleWaiters: Array<() => void> = [];
  deliveries = 0;
  redeliveries = 0;

  constructor(private readonly options: BusOptions) {}

  subscribe(handler: Handler): void {
    this.handler = handler;
  }

  publish(event: LedgerEvent): void {
    this.deliver(event, false);
  }

  private deliver(event: LedgerEvent, redelivery: boolean): void {
    const handler = this.handler;
    if (!handler) return;
    this.outstanding++;
    setTimeout(() => {
      this.deliveries++;
      if (redelivery) this.redeliveries++;
      let acked = false;
      const timer = redelivery
        ? undefined
        : setTimeout(() => {
            if (!acked) this.deliver({ ...event }, true);
          }, this.options.ackTimeoutMs);
      handler({ ...event }).then(
        () => {
          acked = true;
          if (timer) clearTimeout(timer);
          this.settle();
        },
        () => this.settle(),
      );
    }, Math.floor(Math.random() * (this.options.maxDelayMs + 1)));
  }

  private settle(): void {
    this.outstanding--;
    if (this.outstanding === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** Resolves when every delivery so far, redeliveries included, has been handled. */
  drained(): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
