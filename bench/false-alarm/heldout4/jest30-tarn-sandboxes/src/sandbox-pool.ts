import { Pool } from 'tarn';
import { QuotaExceeded, Sandbox } from './sandbox';

export interface PoolOptions {
  max?: number;
  acquireTimeoutMillis?: number;
}

/** Leases sandboxes from a tarn pool; a crashed sandbox fails validation and is replaced. */
export class SandboxService {
  readonly pool: Pool<Sandbox>;
  active = 0;
  maxActive = 0;
  destroyed: number[] = [];
  private readonly quota = new Map<string, number>();

  constructor(opts: PoolOptions = {}) {
    this.pool = new Pool<Sandbox>({
      create: async () => new Sandbox(),
      destroy: (s) => {
        this.destroyed.push(s.id);
      },
      validate: (s) => !s.crashed,
      min: 0,
      max: opts.max ?? 2,
      acquireTimeoutMillis: opts.acquireTimeoutMillis ?? 10_000,
      propagateCreateError: true,
    });
  }

  setQuota(user: string, evaluations: number): void {
    this.quota.set(user, evaluations);
  }

  remaining(user: string): number {
    return this.quota.get(user) ?? 0;
  }

  /** Runs `code` in a leased sandbox; the lease is given back in `finally`. */
  async run(code: string, hold?: Promise<void>): Promise<number> {
    const sandbox = await this.pool.acquire().promise;
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      return await sandbox.evaluate(code, hold);
    } finally {
      this.active--;
      this.pool.release(sandbox);
    }
  }

  /**
   * Quota-checked run. The quota is looked at before waiting for a sandbox (to turn a user away
   * early) and looked at again once the lease has arrived, since others may have spent it while
   * this call waited; the decrement happens in the same synchronous step as the second check.
   */
  async runForUser(user: string, code: string): Promise<number> {
    if (this.remaining(user) <= 0) throw new QuotaExceeded(user);
    const sandbox = await this.pool.acquire().promise;
    try {
      if (this.remaining(user) <= 0) throw new QuotaExceeded(user);
      this.quota.set(user, this.remaining(user) - 1);
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      try {
        return await sandbox.evaluate(code);
      } finally {
        this.active--;
      }
    } finally {
      this.pool.release(sandbox);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
