import Queue from 'yocto-queue';

export interface StoredEvent {
  stream: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
}

export class ConcurrencyError extends Error {
  constructor(stream: string, expected: number, actual: number) {
    super(`${stream}: expected version ${expected}, found ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

/** An in-memory event store with slow I/O; an append names the version it was decided on. */
export class EventStore {
  private readonly streams = new Map<string, StoredEvent[]>();
  /** Every appended event, in append order, for the projection to read. */
  readonly published = new Queue<StoredEvent>();
  readonly holds = new Map<string, Promise<void>>();
  appends = 0;

  async read(stream: string): Promise<StoredEvent[]> {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));
    return [...(this.streams.get(stream) ?? [])];
  }

  async append(stream: string, expectedVersion: number, events: Array<Pick<StoredEvent, 'type' | 'data'>>): Promise<number> {
    await this.holds.get(stream);
    await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));
    const existing = this.streams.get(stream) ?? [];
    if (existing.length !== expectedVersion) throw new ConcurrencyError(stream, expectedVersion, existing.length);
    for (const e of events) {
      const stored = { stream, version: existing.length + 1, ...e };
      existing.push(stored);
      this.published.enqueue(stored);
    }
    this.streams.set(stream, existing);
    this.appends++;
    return existing.length;
  }
}
