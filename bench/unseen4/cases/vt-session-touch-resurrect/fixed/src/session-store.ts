import type { KvBackend } from './kv';

export interface Session {
  id: string;
  userId: string;
  expiresAt: number;
}

/** Sessions stored as JSON under `sess:<id>`, with an expiry that each use pushes forward. */
export class SessionStore {
  private seq = 0;

  constructor(
    private readonly kv: KvBackend,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `sess:${id}`;
  }

  async create(userId: string): Promise<Session> {
    const session: Session = { id: `s${++this.seq}`, userId, expiresAt: this.now() + this.ttlMs };
    await this.kv.set(this.key(session.id), JSON.stringify(session));
    return session;
  }

  async load(id: string): Promise<Session | undefined> {
    const raw = await this.kv.get(this.key(id));
    if (raw === undefined) return undefined;
    const session = JSON.parse(raw) as Session;
    return session.expiresAt > this.now() ? session : undefined;
  }

  /** Extends a live session's expiry; false when there is no such session. */
  async touch(id: string): Promise<boolean> {
    for (;;) {
      const raw = await this.kv.get(this.key(id));
      if (raw === undefined) return false;
      const session = JSON.parse(raw) as Session;
      if (session.expiresAt <= this.now()) return false;
      session.expiresAt = this.now() + this.ttlMs;
      if (await this.kv.setIfMatch(this.key(id), raw, JSON.stringify(session))) return true;
    }
  }

  async destroy(id: string): Promise<boolean> {
    return this.kv.del(this.key(id));
  }

  async count(): Promise<number> {
    return (await this.kv.keys('sess:')).length;
  }
}
