// The audit database: a small connection pool over a fake driver with random latency.

export interface AuditEntry {
  method: string;
  path: string;
  status: number;
  user: string;
  at: number;
}

/** A counting semaphore that hands a released permit straight to the next waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private available: number) {}

  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available++;
  }
}

export class StoreClosed extends Error {}

export class AuditStore {
  readonly rows: AuditEntry[] = [];
  private readonly connections = new Semaphore(3);
  private readonly pending = new Set<Promise<void>>();
  private closing = false;
  busy = 0;
  maxBusy = 0;

  write(entry: AuditEntry): Promise<void> {
    if (this.closing) return Promise.reject(new StoreClosed('audit store is closed'));
    const op = this.insert(entry);
    this.pending.add(op);
    return op.finally(() => this.pending.delete(op));
  }

  private async insert(entry: AuditEntry): Promise<void> {
    await this.connections.acquire();
    this.busy++;
    this.maxBusy = Math.max(this.maxBusy, this.busy);
    try {
      await new Promise((r) => setTimeout(r, 1 + Math.random() * 3));
      this.rows.push({ ...entry });
    } finally {
      this.busy--;
      this.connections.release();
    }
  }

  /** Refuses new writes at once, then waits for the writes already started. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.pending]);
  }
}
