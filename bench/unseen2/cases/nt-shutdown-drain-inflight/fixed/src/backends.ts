import { setTimeout as sleep } from 'node:timers/promises';

/** Checks API tokens against the identity provider. */
export class TokenChecker {
  constructor(private readonly users: Record<string, string>) {}

  async verify(token: string): Promise<string> {
    await sleep(2);
    const user = this.users[token];
    if (!user) throw new Error('invalid token');
    return user;
  }
}

/** The orders table; after close() it refuses every statement. */
export class Database {
  private readonly rows: { user: string; item: string }[] = [];
  closed = false;

  async insert(user: string, item: string): Promise<number> {
    if (this.closed) throw new Error('database is closed');
    await sleep(1);
    this.rows.push({ user, item });
    return this.rows.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await sleep(1);
  }

  count(): number {
    return this.rows.length;
  }
}
