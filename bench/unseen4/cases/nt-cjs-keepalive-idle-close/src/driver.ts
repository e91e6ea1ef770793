/** A fake callback-style database driver: connect, query and end, each answered later. */

export type Callback<T> = (err: Error | null, value?: T) => void;

export interface Row {
  id: number;
  name: string;
}

const TABLE: Row[] = [
  { id: 1, name: 'ana' },
  { id: 2, name: 'bob' },
  { id: 3, name: 'cleo' },
  { id: 4, name: 'dev' },
];

export class Connection {
  closed = false;
  queries = 0;

  constructor(
    readonly id: number,
    private readonly latency: () => number,
  ) {}

  query(sql: string, params: unknown[], cb: Callback<Row[]>): void {
    if (this.closed) return process.nextTick(cb, new Error(`connection ${this.id} is closed`));
    this.queries++;
    setTimeout(() => {
      if (this.closed) return cb(new Error(`connection ${this.id} closed during query`));
      if (!sql.startsWith('SELECT')) return cb(new Error(`syntax error: ${sql}`));
      cb(null, TABLE.filter((row) => params.length === 0 || row.id === params[0]).map((row) => ({ ...row })));
    }, this.latency());
  }

  end(): void {
    this.closed = true;
  }
}

export class FakeServer {
  opened = 0;

  constructor(
    private readonly minMs = 2,
    private readonly maxMs = 5,
  ) {}

  private readonly latency = (): number => this.minMs + Math.floor(Math.random() * (this.maxMs - this.minMs + 1));

  connect(cb: Callback<Connection>): void {
    const conn = new Connection(++this.opened, this.latency);
    setTimeout(() => cb(null, conn), 1);
  }
}
