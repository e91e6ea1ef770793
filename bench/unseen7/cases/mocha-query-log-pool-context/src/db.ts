import { log } from './context';

export type Row = Record<string, string | number>;
export type QueryCallback = (err: Error | null, rows?: Row[]) => void;

const rand = (max: number) => Math.floor(Math.random() * (max + 1));

/** A fake SQL server with just enough SQL for the order service: stock and orders tables. */
export class FakeSqlServer {
  readonly stock = new Map<string, number>();
  readonly orders: Row[] = [];

  run(sql: string, params: Array<string | number>): Row[] {
    if (sql.startsWith('SELECT qty FROM stock')) {
      const qty = this.stock.get(String(params[0]));
      return qty === undefined ? [] : [{ qty }];
    }
    if (sql.startsWith('UPDATE stock')) {
      const sku = String(params[1]);
      const qty = this.stock.get(sku) ?? 0;
      if (qty < Number(params[0])) return [];
      this.stock.set(sku, qty - Number(params[0]));
      return [{ qty: qty - Number(params[0]) }];
    }
    if (sql.startsWith('INSERT INTO orders')) {
      const row = { id: this.orders.length + 1, sku: String(params[0]), qty: Number(params[1]), customer: String(params[2]) };
      this.orders.push(row);
      return [row];
    }
    throw new Error(`unsupported SQL: ${sql}`);
  }
}

/** A client connection: one query at a time, answered after a random delay. */
export class Connection {
  constructor(private readonly server: FakeSqlServer, readonly id: number) {}

  execute(sql: string, params: Array<string | number>, cb: QueryCallback): void {
    setTimeout(() => {
      try {
        cb(null, this.server.run(sql, params));
      } catch (err) {
        cb(err as Error);
      }
    }, 1 + rand(3));
  }
}

/** At most `max` connections; a release hands the connection to the oldest waiting caller. */
export class Pool {
  private readonly idle: Connection[] = [];
  private readonly waiters: Array<(conn: Connection) => void> = [];
  private opened = 0;
  private busy = 0;
  peakBusy = 0;

  constructor(private readonly server: FakeSqlServer, private readonly max: number) {}

  acquire(cb: (conn: Connection) => void): void {
    let conn = this.idle.pop();
    if (!conn && this.opened < this.max) conn = new Connection(this.server, ++this.opened);
    if (!conn) {
      this.waiters.push(cb);
      return;
    }
    this.busy++;
    this.peakBusy = Math.max(this.peakBusy, this.busy);
    const ready = conn;
    process.nextTick(() => cb(ready));
  }

  release(conn: Connection): void {
    const next = this.waiters.shift();
    if (next) next(conn);
    else {
      this.busy--;
      this.idle.push(conn);
    }
  }

  get waiting(): number {
    return this.waiters.length;
  }
}

/** Callback-style query API; every query is written to the log with its duration. */
export class Database {
  queries = 0;

  constructor(private readonly pool: Pool) {}

  query(sql: string, params: Array<string | number>, cb: QueryCallback): void {
    this.pool.acquire((conn) => {
      const started = performance.now();
      conn.execute(sql, params, (err, rows) => {
        this.pool.release(conn);
        this.queries++;
        log('query', `${sql.split(' ').slice(0, 3).join(' ')} (${(performance.now() - started).toFixed(1)} ms)${err ? ' failed' : ''}`);
        cb(err, rows);
      });
    });
  }

  queryAsync(sql: string, params: Array<string | number>): Promise<Row[]> {
    return new Promise((resolve, reject) => this.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows ?? []))));
  }
}
