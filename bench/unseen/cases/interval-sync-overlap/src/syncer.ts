import type { Change, ChangeFeed, Ledger } from './feed.ts';

export function lastSeq(changes: Change[], fallback: number): number {
  return changes.reduce((max, c) => Math.max(max, c.seq), fallback);
}

export class ChangeSyncer {
  private cursor = 0;
  private timer: NodeJS.Timeout | undefined;
  ticks = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly ledger: Ledger,
    private readonly intervalMs = 5,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async tick(): Promise<number> {
    this.ticks++;
    const changes = await this.feed.since(this.cursor);
    for (const change of changes) await this.ledger.apply(change);
    this.cursor = lastSeq(changes, this.cursor);
    return changes.length;
  }

  get position(): number {
    return this.cursor;
  }
}
