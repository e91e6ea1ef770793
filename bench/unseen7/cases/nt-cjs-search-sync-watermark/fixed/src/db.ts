export interface NoteRow {
  id: string;
  title: string;
  body: string;
  html: string;
  version: number;
  /** Logical time of the write; the search index follows the table by this column. */
  updatedAt: number;
}

// The database's clock: a strictly increasing logical time, shared by every writer in the process.
let lastTick = 0;

export function now(): number {
  return ++lastTick;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const latency = (min: number, max: number) => delay(min + Math.floor(Math.random() * (max - min + 1)));

/** A fake notes table over a slow connection. */
export class NotesTable {
  private readonly rows = new Map<string, NoteRow>();
  scans = 0;

  async get(id: string): Promise<NoteRow | undefined> {
    await latency(1, 2);
    const row = this.rows.get(id);
    return row && { ...row };
  }

  /**
   * Stores a row, stamped with the time of the commit: a row becomes visible in the same step as
   * it gets its time, so a reader that has seen time T will see every later-stamped row later.
   */
  async upsert(row: Omit<NoteRow, 'updatedAt'>): Promise<NoteRow> {
    await latency(1, 3);
    const stored: NoteRow = { ...row, updatedAt: now() };
    this.rows.set(row.id, stored);
    return { ...stored };
  }

  async remove(id: string): Promise<boolean> {
    await latency(1, 2);
    return this.rows.delete(id);
  }

  /** Rows written after `since`, oldest first. */
  async changedSince(since: number): Promise<NoteRow[]> {
    this.scans++;
    await latency(1, 2);
    return [...this.rows.values()]
      .filter((row) => row.updatedAt > since)
      .sort((a, b) => a.updatedAt - b.updatedAt)
      .map((row) => ({ ...row }));
  }

  get size(): number {
    return this.rows.size;
  }
}
