export interface Order {
  id: number;
  customer: string;
  status: 'open' | 'paid';
  dueDay: number;
  cents: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One database connection: like a real driver's, it runs one query at a time. */
export class Connection {
  private busy = false;
  queries = 0;

  constructor(readonly id: number, private readonly table: Order[]) {}

  async query(filter: { customer?: string; status?: Order['status'] }, offset: number, limit: number): Promise<Order[]> {
    if (this.busy) throw new Error(`connection ${this.id} is busy: another query is in progress`);
    this.busy = true;
    this.queries++;
    try {
      await pause(1 + Math.floor(Math.random() * 3));
      return this.table
        .filter((o) => (!filter.customer || o.customer === filter.customer) && (!filter.status || o.status === filter.status))
        .sort((a, b) => a.id - b.id)
        .slice(offset, offset + limit)
        .map((o) => ({ ...o }));
    } finally {
      this.busy = false;
    }
  }
}

/** A fixed pool of connections; a release hands the connection straight to the longest waiter. */
export class Pool {
  private readonly idle: Connection[] = [];
  private readonly waiters: Array<(c: Connection) => void> = [];
  maxWaiting = 0;

  constructor(table: Order[], size: number) {
    for (let i = 1; i <= size; i++) this.idle.push(new Connection(i, table));
  }

  acquire(): Promise<Connection> {
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.maxWaiting = Math.max(this.maxWaiting, this.waiters.length);
    });
  }

  release(conn: Connection): void {
    const next = this.waiters.shift();
    if (next) next(conn);
    else this.idle.push(conn);
  }

  get available(): number {
    return this.idle.length;
  }
}
