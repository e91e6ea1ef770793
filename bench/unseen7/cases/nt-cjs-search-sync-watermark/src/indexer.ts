import type { NoteRow, NotesTable } from './db';

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Keeps a word index of the notes table. Each pass reads the rows changed after the highest
 * `updatedAt` it has indexed so far and moves that watermark forward.
 */
export class SearchIndexer {
  private readonly docs = new Map<string, Set<string>>();
  private high = 0;
  private running: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  passes = 0;

  constructor(private readonly table: NotesTable) {}

  /** One pass; a call made while a pass runs shares that pass. */
  syncOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async pass(): Promise<number> {
    this.passes++;
    const rows = await this.table.changedSince(this.high);
    for (const row of rows) this.indexRow(row);
    if (rows.length > 0) this.high = Math.max(this.high, rows[rows.length - 1].updatedAt);
    return rows.length;
  }

  private indexRow(row: NoteRow): void {
    this.docs.set(row.id, new Set([...words(row.title), ...words(row.body)]));
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => void this.syncOnce(), intervalMs);
  }

  /** Stops the timer and waits for a pass in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  search(term: string): string[] {
    const wanted = words(term);
    return [...this.docs.entries()]
      .filter(([, set]) => wanted.every((w) => set.has(w)))
      .map(([id]) => id)
      .sort();
  }

  get watermark(): number {
    return this.high;
  }
}
