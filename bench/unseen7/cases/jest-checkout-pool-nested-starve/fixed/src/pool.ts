import type { Callback, Connection, FakeDatabase, Queryable, Row } from './driver';

export class PoolTimeoutError extends Error {
  readonly code = 'ER_POOL_TIMEOUT';
  constructor(waitedMs: number) {
    super(`timed out after ${waitedMs} ms waiting for a connection (the pool is probably full)`);
  }
}

interface Waiter {
  cb: Callback<Connection>;
  timer: NodeJS.Timeout;
}

/** A fixed-size connection pool (mysql-style: getConnection / release, and query on a borrowed connection). */
export class Pool implements Queryable {
  private readonly idle: Connection[] = [];
  private readonly waiters: Waiter[] = [];
  private opened = 0;
  inUse = 0;
  maxInUse = 0;

  constructor(
    private readonly db: FakeDatabase,
    readonly size = 2,
    readonly acquireTimeoutMs = 250,
  ) {}

  getConnection(cb: Callback<Connection>): void {
    const conn = this.idle.pop();
    if (conn) return this.lend(conn, cb);
    if (this.opened < this.size) {
      this.opened++;
      this.db.connect((err, fresh) => {
        if (err || !fresh) {
          this.opened--;
          cb(err ?? new Error('connect failed'));
          return;
        }
        this.lend(fresh, cb);
      });
      return;
    }
    const waiter: Waiter = {
      cb,
      timer: setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        cb(new PoolTimeoutError(this.acquireTimeoutMs));
      }, this.acquireTimeoutMs),
    };
    this.waiters.push(waiter);
  }

  /** Hands the connection straight to the oldest waiter, else parks it. */
  release(conn: Connection): void {
    this.inUse--;
    const next = this.waiters.shift();
    if (next) {
      clearTimeout(next.timer);
      this.lend(conn, next.cb);
    } else {
      this.idle.push(conn);
    }
  }

  query(sql: string, params: Row[], cb: Callback<Row[]>): void {
    this.getConnection((err, conn) => {
      if (err || !conn) return cb(err);
      conn.query(sql, params, (queryErr, rows) => {
        this.release(conn);
        cb(queryErr, rows);
      });
    });
  }

  private lend(conn: Connection, cb: Callback<Connection>): void {
    this.inUse++;
    this.maxInUse = Math.max(this.maxInUse, this.inUse);
    process.nextTick(cb, null, conn);
  }
}
