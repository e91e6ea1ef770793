/** A connection to the (simulated) database server; the server counts the open ones. */
export class Connection {
  static open = 0;
  static opened = 0;
  private closed = false;
  readonly id: number;

  private constructor() {
    Connection.open++;
    this.id = ++Connection.opened;
  }

  /** The TCP handshake and authentication: a round trip. */
  static async connect(url: string): Promise<Connection> {
    if (!url.startsWith('db://')) throw new Error(`bad database url ${url}`);
    await new Promise((resolve) => setImmediate(resolve));
    return new Connection();
  }

  async query(sql: string): Promise<string> {
    if (this.closed) throw new Error('connection is closed');
    await new Promise((resolve) => setImmediate(resolve));
    return `${sql} on #${this.id}`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    Connection.open--;
  }
}

/**
 * The app's database handle: connects lazily on the first query and then reuses the connection.
 * The check and the assignment straddle the connect's await — two first queries both connect,
 * and the connection assigned first is overwritten and never closed.
 */
export class Database {
  private connection: Connection | null = null;

  constructor(private readonly url: string) {}

  async getConnection(): Promise<Connection> {
    if (!this.connection) {
      this.connection = await Connection.connect(this.url);
    }
    return this.connection;
  }

  async query(sql: string): Promise<string> {
    const connection = await this.getConnection();
    return connection.query(sql);
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await connection.close();
  }
}
