import { type ActivityEvent, type EventStore, mergeFeeds, pagedEvents, type StreamName } from './events';

export interface Account {
  id: string;
  name: string;
  plan: 'free' | 'pro';
}

export interface TimelineItem extends ActivityEvent {
  accountName: string;
  label: string;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Account profiles from a slow directory service; one fetch per account, shared by concurrent callers. */
export class AccountDirectory {
  private readonly cache = new Map<string, Promise<Account>>();
  fetches = 0;

  constructor(private readonly accounts: Record<string, Account>) {}

  lookup(id: string): Promise<Account> {
    let pending = this.cache.get(id);
    if (!pending) {
      pending = this.fetch(id);
      this.cache.set(id, pending);
      pending.catch(() => this.cache.delete(id));
    }
    return pending;
  }

  private async fetch(id: string): Promise<Account> {
    this.fetches++;
    await delay(2 + Math.floor(Math.random() * 3));
    const account = this.accounts[id];
    if (!account) throw new Error(`unknown account ${id}`);
    return { ...account };
  }
}

export function describe(event: ActivityEvent): string {
  switch (event.stream) {
    case 'orders':
      return `ordered ${event.data.qty} × ${event.data.sku}`;
    case 'payments':
      return `paid ${(Number(event.data.cents) / 100).toFixed(2)} ${event.data.currency}`;
    case 'tickets':
      return `opened ticket "${event.data.subject}"`;
  }
}

/** The activity tab of the account page. */
export class ActivityFeed {
  constructor(
    private readonly store: EventStore,
    private readonly directory: AccountDirectory,
    private readonly streams: StreamName[] = ['orders', 'payments', 'tickets'],
  ) {}

  /** Every stream's events of the account, interleaved as they arrive. */
  async *stream(accountId: string): AsyncGenerator<TimelineItem> {
    const sources = this.streams.map((name) => pagedEvents(this.store, name, accountId));
    for await (const event of mergeFeeds(...sources)) {
      const account = await this.directory.lookup(event.accountId);
      yield { ...event, accountName: account.name, label: describe(event) };
    }
  }

  /** The whole timeline, oldest first. */
  async timeline(accountId: string): Promise<TimelineItem[]> {
    const items: TimelineItem[] = [];
    for await (const item of this.stream(accountId)) items.push(item);
    return items.sort((a, b) => a.at - b.at);
  }

  /** The first `n` items to arrive, for the page's preview strip. */
  async preview(accountId: string, n: number): Promise<TimelineItem[]> {
    const items: TimelineItem[] = [];
    if (n <= 0) return items;
    for await (const item of this.stream(accountId)) {
      items.push(item);
      if (items.length >= n) break;
    }
    return items;
  }

  /** One stream only (the "Orders" tab): no merging needed. */
  async history(accountId: string, stream: StreamName): Promise<TimelineItem[]> {
    const account = await this.directory.lookup(accountId);
    const items: TimelineItem[] = [];
    for await (const event of pagedEvents(this.store, stream, accountId)) {
      items.push({ ...event, accountName: account.name, label: describe(event) });
    }
    return items;
  }
}
