import { Connection } from './connection.ts';

export class Pool {
  readonly connections: Connection[];
  private readonly waiters: Array<(conn: Connection) => void> = [];

  constructor(size: number) {
    this.connections = Array.from({ length: size }, (_, i) => new Connection(i + 1));
  }

  async acquire(): Promise<Connection> {
    const free = this.connections.find((c) => !c.busy);
    if (!free) return new Promise((resolve) => this.waiters.push(resolve));
    await free.ping();
    free.busy = true;
    return free;
  }

  release(conn: Connection): void {
    const next = this.waiters.shift();
    if (next) next(conn);
    else conn.busy = false;
  }

  async withConnection<T>(work: (conn: Connection) => Promise<T>): Promise<T> {
    const conn = await this.acquire();
    try {
      return await work(conn);
    } finally {
      this.release(conn);
    }
  }

  stats(): { size: number; busy: number; waiting: number } {
    return { size: this.connections.length, busy: this.connections.filter((c) => c.busy).length, waiting: this.waiters.length };
  }
}

export function totalOverlaps(pool: Pool): number {
  return pool.connections.reduce((n, c) => n + c.overlaps, 0);
}
