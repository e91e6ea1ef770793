import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';

export interface Session {
  id: string;
  user: string;
  createdAt: number;
}

export class SessionStore {
  private readonly sessions: Keyv<Session>;
  private readonly counters: Keyv<number>;
  /** the tail of each user's chain of counter updates */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(readonly ttlMs = 60_000) {
    const map = new Map();
    this.sessions = new Keyv<Session>({ store: map, namespace: 'session', ttl: ttlMs });
    this.counters = new Keyv<number>({ store: map, namespace: 'logins' });
  }

  async login(user: string): Promise<Session> {
    const session: Session = { id: randomUUID(), user, createdAt: Date.now() };
    await this.sessions.set(session.id, session);
    await this.countLogin(user);
    return session;
  }

  get(id: string): Promise<Session | undefined> {
    return this.sessions.get(id);
  }

  async logout(id: string): Promise<void> {
    await this.sessions.delete(id);
  }

  async logins(user: string): Promise<number> {
    return (await this.counters.get(user)) ?? 0;
  }

  async active(ids: string[]): Promise<number> {
    const found = await this.sessions.getMany(ids);
    return found.filter((s) => s !== undefined).length;
  }

  /** get + set is not atomic in Keyv, so the updates of one user run one after another. */
  private countLogin(user: string): Promise<void> {
    const previous = this.chains.get(user) ?? Promise.resolve();
    const next = previous.then(async () => {
      const n = (await this.counters.get(user)) ?? 0;
      await this.counters.set(user, n + 1);
    });
    const tail = next.catch(() => undefined);
    this.chains.set(user, tail);
    void tail.then(() => {
      if (this.chains.get(user) === tail) this.chains.delete(user);
    });
    return next;
  }
}
