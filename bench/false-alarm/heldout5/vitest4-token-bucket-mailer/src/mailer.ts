import { RateLimiter, type Interval } from 'limiter';
import { TenantBucket } from './tenant-bucket.js';

export interface Message {
  id: string;
  tenant: string;
  to: string;
}

/** A stand-in for an SMTP relay: slow, and refuses addresses at `bounce.example`. */
export class FakeRelay {
  readonly delivered: string[] = [];
  async deliver(message: Message): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
    if (message.to.endsWith('@bounce.example')) throw new Error(`${message.to}: mailbox unavailable`);
    this.delivered.push(message.id);
  }
}

export interface MailerOptions {
  perInterval: number;
  interval: Interval;
  tenantCapacity?: number;
  tenantRefillMs?: number;
}

export class Mailer {
  readonly limiter: RateLimiter;
  readonly createdAt = performance.now();
  /** Message ids in the order the global limiter let them go, with the time it did. */
  readonly grants: Array<{ id: string; at: number }> = [];
  private readonly tenants = new Map<string, TenantBucket>();

  constructor(readonly relay: FakeRelay, private readonly options: MailerOptions) {
    this.limiter = new RateLimiter({ tokensPerInterval: options.perInterval, interval: options.interval });
  }

  bucket(tenant: string): TenantBucket {
    let bucket = this.tenants.get(tenant);
    if (!bucket) {
      bucket = new TenantBucket(this.options.tenantCapacity ?? Infinity, this.options.tenantRefillMs ?? 10);
      this.tenants.set(tenant, bucket);
    }
    return bucket;
  }

  /** Waits for the tenant's bucket, then for the global pace, then delivers. */
  async send(message: Message): Promise<void> {
    await this.bucket(message.tenant).take();
    await this.limiter.removeTokens(1);
    this.grants.push({ id: message.id, at: performance.now() - this.createdAt });
    await this.relay.deliver(message);
  }

  /** For transactional mail that must not queue: sent now if the pace allows, else deferred. */
  async sendNow(message: Message): Promise<'sent' | 'deferred'> {
    if (!this.limiter.tryRemoveTokens(1)) return 'deferred';
    this.grants.push({ id: message.id, at: performance.now() - this.createdAt });
    await this.relay.deliver(message);
    return 'sent';
  }

  close(): void {
    for (const bucket of this.tenants.values()) bucket.stop();
  }
}
