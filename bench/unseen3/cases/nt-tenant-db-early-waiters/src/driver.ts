// An in-memory stand-in for a database server with several databases. A connection runs its
// commands one at a time, in the order they were sent, each after a short network delay.

export type Command =
  | { op: 'use'; db: string }
  | { op: 'get'; table: string; id: string }
  | { op: 'put'; table: string; id: string; row: Record<string, unknown> };

type Callback = (err: Error | null, result?: unknown) => void;

export class FakeServer {
  readonly databases = new Map<string, Map<string, Map<string, Record<string, unknown>>>>();
  readonly catalog = new Map<string, string>();
  connections = 0;

  createDatabase(name: string, tables: string[], tenant?: string): void {
    this.databases.set(name, new Map(tables.map((t) => [t, new Map()])));
    if (tenant) this.catalog.set(tenant, name);
  }

  /** The catalog service: which database holds a tenant's data. */
  lookupTenant(tenant: string, cb: (err: Error | null, db?: string) => void): void {
    setTimeout(() => {
      const db = this.catalog.get(tenant);
      cb(db ? null : new Error(`unknown tenant "${tenant}"`), db);
    }, 2);
  }

  connect(cb: (err: Error | null, conn?: FakeConnection) => void): void {
    this.connections++;
    setTimeout(() => cb(null, new FakeConnection(this)), 3);
  }
}

export class FakeConnection {
  private db = 'postgres';
  private queue: Array<{ cmd: Command; cb: Callback }> = [];
  private busy = false;

  constructor(private readonly server: FakeServer) {}

  send(cmd: Command, cb: Callback): void {
    this.queue.push({ cmd, cb });
    if (!this.busy) this.next();
  }

  private next(): void {
    const item = this.queue.shift();
    if (!item) {
      this.busy = false;
      return;
    }
    this.busy = true;
    setTimeout(() => {
      let err: Error | null = null;
      let result: unknown;
      try {
        result = this.execute(item.cmd);
      } catch (e) {
        err = e as Error;
      }
      item.cb(err, result);
      this.next();
    }, 1);
  }

  private execute(cmd: Command): unknown {
    if (cmd.op === 'use') {
      if (!this.server.databases.has(cmd.db)) throw new Error(`database "${cmd.db}" does not exist`);
      this.db = cmd.db;
      return undefined;
    }
    const table = this.server.databases.get(this.db)?.get(cmd.table);
    if (!table) throw new Error(`relation "${cmd.table}" does not exist in "${this.db}"`);
    if (cmd.op === 'get') return table.get(cmd.id);
    table.set(cmd.id, { ...cmd.row });
    return undefined;
  }
}
