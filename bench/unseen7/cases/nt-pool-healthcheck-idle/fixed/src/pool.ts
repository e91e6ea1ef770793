import type { FakeRedisServer, RedisConnection } from './redis.ts';

export type AcquireCallback = (err: Error | null, conn?: RedisConnection) => void;

export interface PoolOptions {
  max: number;
  /** How often idle connections are pinged; 0 turns health checks off. */
  healthCheckMs: number;
}

/**
 * A connection pool with callback-style acquire/release. At most `max` connections are open; a
 * release hands the connection straight to the oldest waiter. Idle connections are pinged on a
 * timer and dropped if they do not answer.
 */
export class ConnectionPool {
  private readonly idle: RedisConnection[] = [];
  private readonly waiters: AcquireCallback[] = [];
  private open = 0;
  private timer: NodeJS.Timeout | undefined;
  peakOpen = 0;
  dropped = 0;

  constructor(private readonly server: FakeRedisServer, private readonly options: PoolOptions) {
    if (options.healthCheckMs > 0) this.timer = setInterval(this.checkIdle, options.healthCheckMs);
  }

  acquire = (cb: AcquireCallback): void => {
    const conn = this.idle.pop();
    if (conn) {
      process.nextTick(cb, null, conn);
      return;
    }
    if (this.open < this.options.max) {
      this.openConnection(cb);
      return;
    }
    this.waiters.push(cb);
  };

  release = (conn: RedisConnection): void => {
    if (conn.closed) {
      this.forget(conn);
      const waiter = this.waiters.shift();
      if (waiter) this.openConnection(waiter);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter(null, conn);
    else this.idle.push(conn);
  };

  /** Pings every idle connection; one that fails the ping is closed and dropped. */
  private checkIdle = (): void => {
    // The idle connections are checked out while they are pinged, so no request is handed one
    // mid-ping; release() puts each back (or hands it to a waiter, or drops it if it failed).
    for (const conn of this.idle.splice(0)) {
      conn.send(['PING'], (err, reply) => {
        if (err || reply !== 'PONG') conn.close();
        this.release(conn);
      });
    }
  };

  /** Runs one health check now (the timer runs the same check). */
  checkNow(): void {
    this.checkIdle();
  }

  private openConnection(cb: AcquireCallback): void {
    this.open++;
    this.peakOpen = Math.max(this.peakOpen, this.open);
    this.server.connect((err, conn) => {
      if (err || !conn) {
        this.open--;
        cb(err ?? new Error('connect failed'));
      } else cb(null, conn);
    });
  }

  private forget(conn: RedisConnection): void {
    const at = this.idle.indexOf(conn);
    if (at >= 0) this.idle.splice(at, 1);
    this.open--;
    this.dropped++;
  }

  get size(): { open: number; idle: number; waiting: number } {
    return { open: this.open, idle: this.idle.length, waiting: this.waiters.length };
  }

  close(): void {
    clearInterval(this.timer);
    for (const conn of this.idle.splice(0)) conn.close();
  }
}
