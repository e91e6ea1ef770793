import { setTimeout as sleep } from 'node:timers/promises';
import type { Row } from './csv.ts';

export class MemoryDb {
  private opened: Promise<void> | undefined;
  readonly tables = new Map<string, Row[]>();

  open(): Promise<void> {
    this.opened ??= sleep(25);
    return this.opened;
  }

  async insertMany(table: string, rows: Row[]): Promise<number> {
    await sleep(1);
    const list = this.tables.get(table) ?? [];
    list.push(...rows);
    this.tables.set(table, list);
    return rows.length;
  }
}
