import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { KeyedMutex } from './keyed-mutex';

export type LoginResult = 'ok' | 'wrong-password' | 'throttled' | 'locked';

export interface FailureRecord {
  failures: number;
  lockedUntil: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A slow key-value store of failure records (copies out, copies in, like a database row). */
export class FailureStore {
  private readonly rows = new Map<string, FailureRecord>();

  async get(user: string): Promise<FailureRecord> {
    await pause(Math.floor(Math.random() * 4));
    return { ...(this.rows.get(user) ?? { failures: 0, lockedUntil: 0 }) };
  }

  async put(user: string, record: FailureRecord): Promise<void> {
    await pause(Math.floor(Math.random() * 4));
    this.rows.set(user, { ...record });
  }
}

export class LoginService {
  readonly limiter: RateLimiterMemory;
  readonly failures = new FailureStore();
  private readonly mutex = new KeyedMutex();
  readonly sectionLog: string[] = [];
  private insideFor = new Map<string, number>();
  maxInsideOneUser = 0;

  constructor(private readonly passwords: Record<string, string>, readonly lockAfter = 3, points = 5) {
    this.limiter = new RateLimiterMemory({ points, duration: 60 });
  }

  /** Spends one attempt of `user@ip` first (decided synchronously inside `consume`), then checks. */
  async login(user: string, password: string, ip = '10.0.0.1'): Promise<LoginResult> {
    try {
      await this.limiter.consume(`${user}@${ip}`);
    } catch (res) {
      if (res instanceof RateLimiterRes) return 'throttled';
      throw res;
    }
    await pause(1 + Math.floor(Math.random() * 3)); // hashing the password
    const right = this.passwords[user] === password;
    return this.mutex.run(user, async () => {
      const n = (this.insideFor.get(user) ?? 0) + 1;
      this.insideFor.set(user, n);
      this.maxInsideOneUser = Math.max(this.maxInsideOneUser, n);
      this.sectionLog.push(`${user}:${right ? 'ok' : 'bad'}`);
      try {
        const record = await this.failures.get(user);
        if (record.lockedUntil > Date.now()) return 'locked';
        if (right) {
          await this.failures.put(user, { failures: 0, lockedUntil: 0 });
          await this.limiter.delete(`${user}@${ip}`);
          return 'ok';
        }
        record.failures++;
        if (record.failures >= this.lockAfter) record.lockedUntil = Date.now() + 60_000;
        await this.failures.put(user, record);
        return 'wrong-password';
      } finally {
        this.insideFor.set(user, (this.insideFor.get(user) ?? 1) - 1);
      }
    });
  }

  /** An administrator's unlock: the record is reset under the same per-user lock as logins. */
  unlock(user: string): Promise<void> {
    return this.mutex.run(user, () => this.failures.put(user, { failures: 0, lockedUntil: 0 }));
  }

  async remaining(user: string, ip = '10.0.0.1'): Promise<number> {
    const res = await this.limiter.get(`${user}@${ip}`);
    return res ? res.remainingPoints : this.limiter.points;
  }
}
