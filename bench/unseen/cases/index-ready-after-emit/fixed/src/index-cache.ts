import { EventEmitter } from 'node:events';
import type { Journal, Row, SnapshotSource } from './sources.ts';

export function indexRows(rows: Row[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of rows) map.set(row.key.toLowerCase(), row.value);
  return map;
}

export class IndexCache extends EventEmitter {
  private ready = false;
  private entries = new Map<string, string>();

  constructor(
    private readonly source: SnapshotSource,
    private readonly journal: Journal,
  ) {
    super();
  }

  async load(): Promise<void> {
    const rows = await this.source.readAll();
    this.entries = indexRows(rows);
    this.ready = true;
    this.emit('ready', rows.length);
    await this.journal.append(`loaded ${rows.length} rows`);
  }

  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.once('ready', () => resolve()));
  }

  async lookup(key: string): Promise<string | undefined> {
    await this.whenReady();
    return this.entries.get(key.toLowerCase());
  }

  get size(): number {
    return this.entries.size;
  }
}
