import type { Clock } from './clock';

export interface Session {
  id: string;
  user: string;
  expiresAt: number;
}

/** The account service: answers whether a user may still sign in. */
export class AccountDirectory {
  readonly disabled = new Set<string>();
  lookups = 0;

  async isActive(user: string): Promise<boolean> {
    this.lookups++;
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));
    return !this.disabled.has(user);
  }
}

export class SessionManager {
  private readonly sessions = new Map<string, Session>();
  private nextId = 1;

  constructor(
    private readonly clock: Clock,
    private readonly accounts: AccountDirectory,
    readonly ttlMs = 30 * 60_000,
  ) {}

  start(user: string): Session {
    const session = { id: `s${this.nextId++}`, user, expiresAt: this.clock.now() + this.ttlMs };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Slides the session's expiry forward on user activity. */
  async renew(id: string): Promise<number> {
    const session = this.sessions.get(id);
    if (!session || session.expiresAt <= this.clock.now()) throw new Error(`no session ${id}`);
    const renewedAt = this.clock.now();
    if (!(await this.accounts.isActive(session.user))) {
      this.sessions.delete(id);
      throw new Error(`account ${session.user} is disabled`);
    }
    session.expiresAt = Math.max(session.expiresAt, renewedAt + this.ttlMs);
    return session.expiresAt;
  }

  isValid(id: string): boolean {
    const session = this.sessions.get(id);
    return session !== undefined && session.expiresAt > this.clock.now();
  }

  expiryOf(id: string): number | undefined {
    return this.sessions.get(id)?.expiresAt;
  }

  sweep(): number {
    let removed = 0;
    for (const [id, s] of this.sessions) {
      if (s.expiresAt <= this.clock.now()) {
        this.sessions.delete(id);
        removed++;
      }
    }
    return removed;
  }
}
