/** A fake SQL-ish database with a Node-style callback driver (one connection = one session). */

export type Row = Record<string, unknown>;
export type Callback<T> = (err: Error | null, result?: T) => void;

export interface Queryable {
  query(sql: string, params: Row[], cb: Callback<Row[]>): void;
}

export class FakeDatabase {
  readonly tables = new Map<string, Row[]>();
  connectionsOpened = 0;
  schemaCreations = 0;

  constructor(private readonly latency: [number, number] = [2, 8]) {}

  delay(): number {
    const [min, max] = this.latency;
    return min + Math.floor(Math.random() * (max - min + 1));
  }

  connect(cb: Callback<Connection>): void {
    setTimeout(() => {
      this.connectionsOpened++;
      cb(null, new Connection(this, this.connectionsOpened));
    }, 1);
  }

  rows(table: string): Row[] {
    return this.tables.get(table) ?? [];
  }
}

export class Connection implements Queryable {
  private pending: Array<[string, Row]> | null = null;

  constructor(private readonly db: FakeDatabase, readonly id: number) {}

  /** `VERB table`: CREATE, INSERT (inside BEGIN…COMMIT when a transaction is open), SELECT by id, or all rows. */
  query(sql: string, params: Row[], cb: Callback<Row[]>): void {
    setTimeout(() => {
      let result: Row[];
      try {
        result = this.run(sql, params);
      } catch (err) {
        cb(err as Error);
        return;
      }
      cb(null, result);
    }, this.db.delay());
  }

  private run(sql: string, params: Row[]): Row[] {
    const [verb, table = ''] = sql.split(' ');
    switch (verb) {
      case 'BEGIN':
        if (this.pending) throw new Error(`connection ${this.id}: transaction already open`);
        this.pending = [];
        return [];
      case 'COMMIT':
        for (const [t, row] of this.pending ?? []) this.insert(t, row);
        this.pending = null;
        return [];
      case 'ROLLBACK':
        this.pending = null;
        return [];
      case 'CREATE':
        if (!this.db.tables.has(table)) {
          this.db.tables.set(table, []);
          if (table === 'orders') this.db.schemaCreations++;
        }
        return [];
      case 'INSERT':
        for (const row of params) {
          if (this.pending) this.pending.push([table, row]);
          else this.insert(table, row);
        }
        return params;
      case 'SELECT': {
        const rows = this.db.rows(table);
        const id = params[0]?.id;
        return id === undefined ? rows.map((r) => ({ ...r })) : rows.filter((r) => r.id === id).map((r) => ({ ...r }));
      }
      default:
        throw new Error(`unsupported statement: ${sql}`);
    }
  }

  private insert(table: string, row: Row): void {
    const rows = this.db.tables.get(table);
    if (!rows) throw new Error(`no such table: ${table}`);
    rows.push({ ...row });
  }
}
