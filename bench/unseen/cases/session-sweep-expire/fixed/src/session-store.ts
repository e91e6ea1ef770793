import { setTimeout as sleep } from 'node:timers/promises';

export interface Session {
  id: string;
  user: string;
  expiresAt: number;
}

export function isExpired(session: Session, now: number): boolean {
  return session.expiresAt <= now;
}

export function newId(user: string, n: number): string {
  return `${user}-${n.toString(36)}`;
}

export class AuditTrail {
  readonly lines: string[] = [];

  async write(line: string): Promise<void> {
    await sleep(3);
    this.lines.push(line);
  }
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private created = 0;

  constructor(
    private readonly audit: AuditTrail,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  create(user: string): Session {
    const session = { id: newId(user, ++this.created), user, expiresAt: this.clock() + this.ttlMs };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): Session | undefined {
    const s = this.sessions.get(id);
    return s && !isExpired(s, this.clock()) ? s : undefined;
  }

  touch(id: string): boolean {
    const s = this.get(id);
    if (!s) return false;
    s.expiresAt = this.clock() + this.ttlMs;
    return true;
  }

  /** Remember-me: a client with a valid persistent token gets its session back under the same id. */
  resume(id: string, user: string): Session {
    const session = { id, user, expiresAt: this.clock() + this.ttlMs };
    this.sessions.set(id, session);
    return session;
  }

  async sweep(): Promise<number> {
    const now = this.clock();
    const expired = [...this.sessions.values()].filter((s) => isExpired(s, now)).map((s) => s.id);
    await this.audit.write(`sweeping ${expired.length} sessions`);
    let removed = 0;
    const stillNow = this.clock();
    for (const id of expired) {
      const s = this.sessions.get(id);
      if (s && isExpired(s, stillNow)) {
        this.sessions.delete(id);
        removed++;
      }
    }
    return removed;
  }
}
