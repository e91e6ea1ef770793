import { Callback, Connection, FakeServer, Row } from './driver';

export interface PoolOptions {
  max: number;
  idleMs: number;
}

/** Keeps up to `max` connections open; a connection idle for `idleMs` is closed. */
export class KeepAlivePool {
  private idle: Connection[] = [];
  private readonly idleTimers = new Map<Connection, NodeJS.Timeout>();
  private readonly waiters: Callback<Connection>[] = [];
  private open = 0;
  closedIdle = 0;

  constructor(
    private readonly server: FakeServer,
    private readonly options: PoolOptions,
  ) {}

  acquire(cb: Callback<Connection>): void {
    const conn = this.idle.pop();
    if (conn) {
      process.nextTick(cb, null, conn);
      return;
    }
    if (this.open < this.options.max) {
      this.open++;
      this.server.connect((err, fresh) => {
        if (err) this.open--;
        cb(err, fresh);
      });
      return;
    }
    this.waiters.push(cb);
  }

  release(conn: Connection): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      process.nextTick(waiter, null, conn);
      return;
    }
    this.idle.push(conn);
    const timer = setTimeout(() => {
      this.idle = this.idle.filter((c) => c !== conn);
      this.idleTimers.delete(conn);
      this.open--;
      this.closedIdle++;
      conn.end();
    }, this.options.idleMs);
    timer.unref();
    this.idleTimers.set(conn, timer);
  }

  /** Runs one query on a pooled connection. */
  query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      this.acquire((err, conn) => {
        if (err || !conn) return reject(err);
        conn.query(sql, params, (qerr, rows) => {
          this.release(conn);
          if (qerr) reject(qerr);
          else resolve(rows ?? []);
        });
      });
    });
  }

  get size(): number {
    return this.open;
  }

  close(): void {
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const conn of this.idle) conn.end();
    this.idle = [];
    this.open = 0;
  }
}
