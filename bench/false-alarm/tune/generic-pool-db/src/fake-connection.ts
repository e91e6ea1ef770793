/** A fake database connection: one query at a time per connection, each takes a few milliseconds. */
export class FakeConnection {
  static opened = 0;
  static openNow = 0;
  static busyNow = 0;
  static maxBusy = 0;
  readonly id: number;
  private busy = false;
  closed = false;
  queries = 0;

  constructor() {
    this.id = ++FakeConnection.opened;
    FakeConnection.openNow++;
  }

  static async open(): Promise<FakeConnection> {
    await new Promise((resolve) => setImmediate(resolve));
    return new FakeConnection();
  }

  async query(sql: string): Promise<{ sql: string; connection: number }> {
    if (this.closed) throw new Error('connection closed');
    if (this.busy) throw new Error(`connection ${this.id} used by two queries at once`);
    this.busy = true;
    FakeConnection.busyNow++;
    FakeConnection.maxBusy = Math.max(FakeConnection.maxBusy, FakeConnection.busyNow);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3));
      if (sql.startsWith('FAIL')) throw new Error(`syntax error in ${sql}`);
      this.queries++;
      return { sql, connection: this.id };
    } finally {
      this.busy = false;
      FakeConnection.busyNow--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    FakeConnection.openNow--;
  }

  static reset(): void {
    FakeConnection.opened = 0;
    FakeConnection.openNow = 0;
    FakeConnection.busyNow = 0;
    FakeConnection.maxBusy = 0;
  }
}
