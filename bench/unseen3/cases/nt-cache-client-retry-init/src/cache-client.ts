import { setTimeout as delay } from 'node:timers/promises';
import type { CacheServer, Connection } from './cache-server.ts';

export interface ClientOptions {
  backoffMs: number;
  maxAttempts: number;
}

/** A process-wide client for the cache server: one connection, opened on first use. */
export class CacheClient {
  private conn: Connection | null = null;
  private opening: Promise<Connection> | null = null;
  retries = 0;

  constructor(
    private readonly server: CacheServer,
    private readonly options: ClientOptions = { backoffMs: 4, maxAttempts: 3 },
  ) {}

  /** The shared connection; callers that come while it is being opened wait for the same one. */
  connection(): Promise<Connection> {
    if (this.conn) return Promise.resolve(this.conn);
    if (!this.opening) this.opening = this.open(1);
    return this.opening;
  }

  /** Opens the connection, retrying with a linear backoff while the server refuses. */
  private async open(attempt: number): Promise<Connection> {
    try {
      const conn = await this.server.connect();
      this.conn = conn;
      this.opening = null;
      return conn;
    } catch (err) {
      this.opening = null;
      if (attempt >= this.options.maxAttempts) throw err;
      this.retries++;
      await delay(this.options.backoffMs * attempt);
      this.opening = this.open(attempt + 1);
      return this.opening;
    }
  }

  async get(key: string): Promise<string | undefined> {
    const conn = await this.connection();
    return conn.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    const conn = await this.connection();
    await conn.set(key, value);
  }

  /** Closes the connection; the next call opens a new one. */
  async close(): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    if (conn) await conn.close();
  }
}
