import { setTimeout as sleep } from 'node:timers/promises';

export interface Row {
  key: string;
  value: string;
}

export class SnapshotSource {
  constructor(private readonly rows: Row[]) {}

  async readAll(): Promise<Row[]> {
    await sleep(2);
    return this.rows.map((r) => ({ ...r }));
  }
}

export class Journal {
  readonly entries: string[] = [];

  async append(entry: string): Promise<void> {
    await sleep(2);
    this.entries.push(entry);
  }
}
