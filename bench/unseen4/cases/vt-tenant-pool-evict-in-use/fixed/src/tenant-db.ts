import { LruCache } from './lru';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A connection to one tenant's database (a fake with round-trip latency). */
export class TenantDbClient {
  closed = false;
  readonly statements: string[] = [];

  constructor(readonly tenant: string) {}

  async query(sql: string): Promise<number> {
    if (this.closed) throw new Error(`${this.tenant}: client is closed`);
    await delay(1);
    if (this.closed) throw new Error(`${this.tenant}: connection closed during query`);
    this.statements.push(sql);
    return sql.length;
  }

  close(): void {
    this.closed = true;
  }
}

/** Keeps a few tenants' clients open, connecting on demand and closing the least recently used. */
export class ClientRegistry {
  readonly opened: TenantDbClient[] = [];
  readonly retired: string[] = [];
  private readonly cache: LruCache<string, TenantDbClient>;
  private readonly connecting = new Map<string, Promise<TenantDbClient>>();
  private readonly leases = new Map<string, number>();
  private readonly draining = new Map<string, TenantDbClient[]>();

  constructor(capacity: number, private readonly connectMs = 2) {
    this.cache = new LruCache(capacity, (tenant, client) => this.retire(tenant, client));
  }

  private async connect(tenant: string): Promise<TenantDbClient> {
    await delay(this.connectMs);
    const client = new TenantDbClient(tenant);
    this.opened.push(client);
    this.connecting.delete(tenant);
    this.cache.set(tenant, client);
    return client;
  }

  private acquire(tenant: string): Promise<TenantDbClient> {
    const cached = this.cache.get(tenant);
    if (cached) return Promise.resolve(cached);
    let pending = this.connecting.get(tenant);
    if (!pending) {
      pending = this.connect(tenant);
      this.connecting.set(tenant, pending);
    }
    return pending;
  }

  private retire(tenant: string, client: TenantDbClient): void {
    this.retired.push(tenant);
    if (this.busy(tenant) > 0) {
      this.draining.set(tenant, [...(this.draining.get(tenant) ?? []), client]);
      return;
    }
    client.close();
  }

  private release(tenant: string): void {
    const users = (this.leases.get(tenant) ?? 1) - 1;
    if (users > 0) {
      this.leases.set(tenant, users);
      return;
    }
    this.leases.delete(tenant);
    for (const client of this.draining.get(tenant) ?? []) client.close();
    this.draining.delete(tenant);
  }

  /** Runs `work` with the tenant's client. */
  async withClient<T>(tenant: string, work: (client: TenantDbClient) => Promise<T>): Promise<T> {
    this.leases.set(tenant, (this.leases.get(tenant) ?? 0) + 1);
    try {
      return await work(await this.acquire(tenant));
    } finally {
      this.release(tenant);
    }
  }

  busy(tenant: string): number {
    return this.leases.get(tenant) ?? 0;
  }

  openTenants(): string[] {
    return this.cache.keys();
  }
}
