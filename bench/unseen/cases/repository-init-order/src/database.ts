import { setTimeout as sleep } from 'node:timers/promises';

export type Row = Record<string, string | number>;

/** A fake embedded database: tables must be created before use. */
export class Database {
  private readonly tables = new Map<string, Row[]>();

  static async open(): Promise<Database> {
    await sleep(3);
    return new Database();
  }

  async exec(ddl: string): Promise<void> {
    await sleep(1);
    const m = /^CREATE TABLE (\w+)$/.exec(ddl);
    if (!m) throw new Error(`unsupported: ${ddl}`);
    if (!this.tables.has(m[1])) this.tables.set(m[1], []);
  }

  private table(name: string): Row[] {
    const rows = this.tables.get(name);
    if (!rows) throw new Error(`no such table: ${name}`);
    return rows;
  }

  async insert(name: string, row: Row): Promise<void> {
    const rows = this.table(name);
    await sleep(1);
    rows.push(row);
  }

  async select(name: string, where: (row: Row) => boolean): Promise<Row[]> {
    const rows = this.table(name);
    await sleep(1);
    return rows.filter(where);
  }

  async count(name: string): Promise<number> {
    const rows = this.table(name);
    await sleep(1);
    return rows.length;
  }
}
