import type { Command, FakeConnection, FakeServer } from './driver.ts';

export function describeRow(row: Record<string, unknown> | undefined): string {
  if (!row) return '(none)';
  return Object.entries(row)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
}

/** A document store for one tenant; the connection is opened on first use. */
export class TenantDb {
  private conn: FakeConnection | null = null;
  private state: 'closed' | 'opening' | 'open' = 'closed';
  private waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  constructor(
    private readonly server: FakeServer,
    readonly tenant: string,
  ) {}

  async get(table: string, id: string): Promise<Record<string, unknown> | undefined> {
    return (await this.run({ op: 'get', table, id })) as Record<string, unknown> | undefined;
  }

  async put(table: string, id: string, row: Record<string, unknown>): Promise<void> {
    await this.run({ op: 'put', table, id, row });
  }

  private async run(cmd: Command): Promise<unknown> {
    if (this.state === 'opening') {
      await new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    } else if (this.state === 'closed') {
      this.state = 'opening';
      await this.open();
      this.state = 'open';
    }
    return this.send(this.conn!, cmd);
  }

  private async open(): Promise<void> {
    try {
      this.conn = await new Promise<FakeConnection>((resolve, reject) =>
        this.server.connect((err, conn) => (err ? reject(err) : resolve(conn!))),
      );
      this.release(null);
      const db = await new Promise<string>((resolve, reject) =>
        this.server.lookupTenant(this.tenant, (err, name) => (err ? reject(err) : resolve(name!))),
      );
      await this.send(this.conn, { op: 'use', db });
    } catch (err) {
      this.state = 'closed';
      this.release(err as Error);
      throw err;
    }
  }

  private release(err: Error | null): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) (err ? w.reject(err) : w.resolve());
  }

  private send(conn: FakeConnection, cmd: Command): Promise<unknown> {
    return new Promise((resolve, reject) => conn.send(cmd, (err, result) => (err ? reject(err) : resolve(result))));
  }
}
