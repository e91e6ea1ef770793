export interface StoredEvent {
  stream: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
}

export type NewEvent = Omit<StoredEvent, 'stream'>;

export class ConcurrencyError extends Error {}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An append-only store of event streams, one stream per aggregate. */
export class EventStore {
  private readonly streams = new Map<string, StoredEvent[]>();

  constructor(private readonly latencyMs = 2) {}

  async read(stream: string): Promise<StoredEvent[]> {
    await wait(this.latencyMs);
    return [...(this.streams.get(stream) ?? [])];
  }

  /** Appends an event; with `expectedLength`, only if the stream still has that many events. */
  async append(stream: string, event: NewEvent, expectedLength?: number): Promise<void> {
    await wait(this.latencyMs);
    const events = this.streams.get(stream) ?? [];
    if (expectedLength !== undefined && events.length !== expectedLength) {
      throw new ConcurrencyError(`${stream} has ${events.length} events, expected ${expectedLength}`);
    }
    events.push({ stream, ...event });
    this.streams.set(stream, events);
  }

  versions(stream: string): number[] {
    return (this.streams.get(stream) ?? []).map((e) => e.version);
  }
}
