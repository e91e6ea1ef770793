import { setTimeout as sleep } from 'node:timers/promises';

export interface Versioned<T> {
  value: T;
  version: number;
}

/** An in-memory stand-in for a document database: every record carries a version number. */
export class RecordStore<T> {
  private readonly rows = new Map<string, Versioned<T>>();
  writes = 0;

  /** A read over the network, as an API handler does it. */
  async read(id: string): Promise<Versioned<T> | undefined> {
    await sleep(1);
    const row = this.rows.get(id);
    return row && { value: row.value, version: row.version };
  }

  /** The row as the primary holds it right now. */
  current(id: string): Versioned<T> | undefined {
    return this.rows.get(id);
  }

  write(id: string, value: T, version: number): void {
    this.writes++;
    this.rows.set(id, { value, version });
  }
}
