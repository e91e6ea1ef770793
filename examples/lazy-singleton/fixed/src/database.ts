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
 * Fixed: the handle keeps the promise of the connect, set before the first await, so every
 * caller during the handshake waits for the same connection; a failed connect is forgotten.
 */
export class Database {
  private connection: Promise<Connection> | null = null;

  constructor(private readonly url: string) {}

  async getConnection(): Promise<Connection> {
    if (!this.connection) {
      const connecting = Connection.connect(this.url);
      this.connection = connecting;
      connecting.catch(() => {
        if (this.connection === connecting) this.connection = null;
      });
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
    if (connection) await (await connection).close();
  }
}
