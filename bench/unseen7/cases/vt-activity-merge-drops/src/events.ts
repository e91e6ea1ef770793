export type StreamName = 'orders' | 'payments' | 'tickets';

export interface ActivityEvent {
  id: string;
  stream: StreamName;
  accountId: string;
  at: number;
  data: Record<string, string | number>;
}

export interface Page<T> {
  items: T[];
  next?: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const latency = (min: number, max: number) => delay(min + Math.floor(Math.random() * (max - min + 1)));

/** A fake event store with one append-only log per stream, read in pages over a slow link. */
export class EventStore {
  private readonly logs = new Map<StreamName, ActivityEvent[]>();
  private seq = 0;
  pageReads = 0;

  append(stream: StreamName, accountId: string, data: ActivityEvent['data']): ActivityEvent {
    const event: ActivityEvent = { id: `${stream}-${++this.seq}`, stream, accountId, at: this.seq, data };
    const log = this.logs.get(stream) ?? [];
    log.push(event);
    this.logs.set(stream, log);
    return event;
  }

  async readPage(stream: StreamName, accountId: string, from: number, size: number): Promise<Page<ActivityEvent>> {
    this.pageReads++;
    await latency(1, 4);
    const mine = (this.logs.get(stream) ?? []).filter((e) => e.accountId === accountId);
    const items = mine.slice(from, from + size).map((e) => ({ ...e, data: { ...e.data } }));
    return from + size < mine.length ? { items, next: from + size } : { items };
  }
}

/** One stream's events of an account, oldest first, fetched a page at a time as they are consumed. */
export async function* pagedEvents(store: EventStore, stream: StreamName, accountId: string, pageSize = 2): AsyncGenerator<ActivityEvent> {
  let cursor: number | undefined = 0;
  while (cursor !== undefined) {
    const page: Page<ActivityEvent> = await store.readPage(stream, accountId, cursor, pageSize);
    yield* page.items;
    cursor = page.next;
  }
}

/**
 * Interleaves several async sources, yielding each item as soon as its source produces it; ends
 * when every source has ended.
 */
export async function* mergeFeeds<T>(...sources: AsyncIterable<T>[]): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  let live = iterators.map((_, i) => i);
  try {
    while (live.length > 0) {
      const { index, result } = await Promise.race(
        live.map((i) => iterators[i].next().then((result) => ({ index: i, result }))),
      );
      if (result.done) live = live.filter((i) => i !== index);
      else yield result.value;
    }
  } finally {
    await Promise.all(iterators.map((it) => it.return?.(undefined)));
  }
}
