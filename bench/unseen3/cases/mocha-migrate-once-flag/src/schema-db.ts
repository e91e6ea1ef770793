// A small in-memory database that understands the two schema statements the service needs.
// Every statement takes a few milliseconds, as a round trip to a real server would.

export class SchemaDb {
  readonly tables = new Map<string, Set<string>>();
  readonly rows = new Map<string, Array<Record<string, unknown>>>();
  statements = 0;

  private roundTrip(): Promise<void> {
    this.statements++;
    return new Promise((resolve) => setTimeout(resolve, 2));
  }

  async createTable(name: string, columns: string[]): Promise<void> {
    await this.roundTrip();
    if (this.tables.has(name)) throw new Error(`table "${name}" already exists`);
    this.tables.set(name, new Set(columns));
    this.rows.set(name, []);
  }

  async addColumn(table: string, column: string): Promise<void> {
    await this.roundTrip();
    const cols = this.tables.get(table);
    if (!cols) throw new Error(`no table "${table}"`);
    if (cols.has(column)) throw new Error(`column "${column}" of "${table}" already exists`);
    cols.add(column);
  }

  async insert(table: string, row: Record<string, unknown>): Promise<number> {
    await this.roundTrip();
    const cols = this.tables.get(table);
    if (!cols) throw new Error(`no table "${table}"`);
    for (const key of Object.keys(row)) if (!cols.has(key)) throw new Error(`no column "${key}" in "${table}"`);
    const rows = this.rows.get(table)!;
    rows.push({ ...row });
    return rows.length;
  }
}
