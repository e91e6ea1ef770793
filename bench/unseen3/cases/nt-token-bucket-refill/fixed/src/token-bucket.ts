import type { Clock, Journal } from './support.ts';

export interface BucketOptions {
  capacity: number;
  refillEveryMs: number;
}

/** One client's allowance: `capacity` requests in a burst, one more every `refillEveryMs`. */
export class TokenBucket {
  tokens: number;
  lastRefill: number;

  constructor(
    readonly key: string,
    private readonly clock: Clock,
    private readonly journal: Journal,
    private readonly options: BucketOptions,
  ) {
    this.tokens = options.capacity;
    this.lastRefill = clock.now();
  }

  /** Adds the tokens earned since the last refill and journals the refill. */
  private async refill(): Promise<void> {
    const now = this.clock.now();
    const since = this.lastRefill;
    const earned = Math.floor((now - since) / this.options.refillEveryMs);
    if (earned === 0) return;
    this.tokens = Math.min(this.options.capacity, this.tokens + earned);
    this.lastRefill = since + earned * this.options.refillEveryMs;
    await this.journal.append({ key: this.key, earned, at: now });
  }

  /** Takes one token if there is one. */
  async tryTake(): Promise<boolean> {
    await this.refill();
    if (this.tokens === 0) return false;
    this.tokens--;
    return true;
  }

  /** How long until the next token is earned. */
  retryAfterMs(): number {
    const next = this.lastRefill + this.options.refillEveryMs;
    return Math.max(0, next - this.clock.now());
  }
}

/** A bucket per client key, created on first use. */
export class RateLimiter<K extends string> {
  private readonly buckets = new Map<K, TokenBucket>();

  constructor(
    private readonly clock: Clock,
    private readonly journal: Journal,
    private readonly options: BucketOptions,
  ) {}

  bucket(key: K): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(key, this.clock, this.journal, this.options);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  allow(key: K): Promise<boolean> {
    return this.bucket(key).tryTake();
  }
}

export function countAllowed(results: boolean[]): number {
  return results.filter(Boolean).length;
}
