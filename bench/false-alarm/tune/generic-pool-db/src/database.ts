import { createPool, type Pool } from 'generic-pool';
import { FakeConnection } from './fake-connection';

export class Database {
  private readonly pool: Pool<FakeConnection>;

  constructor(max = 2) {
    this.pool = createPool<FakeConnection>(
      {
        create: () => FakeConnection.open(),
        destroy: (c) => c.close(),
      },
      { max, min: 0 },
    );
  }

  query(sql: string): Promise<{ sql: string; connection: number }> {
    return this.pool.use((c) => c.query(sql));
  }

  /** Runs all statements on one connection, in order; the connection is returned even on failure. */
  async transaction(statements: string[]): Promise<number[]> {
    const connection = await this.pool.acquire();
    try {
      const used: number[] = [];
      for (const sql of ['BEGIN', ...statements, 'COMMIT']) used.push((await connection.query(sql)).connection);
      return used;
    } finally {
      await this.pool.release(connection);
    }
  }

  stats(): { size: number; borrowed: number; pending: number; available: number } {
    return { size: this.pool.size, borrowed: this.pool.borrowed, pending: this.pool.pending, available: this.pool.available };
  }

  async close(): Promise<void> {
    await this.pool.drain();
    await this.pool.clear();
  }
}
