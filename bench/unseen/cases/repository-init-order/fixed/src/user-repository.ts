import type { Database, Row } from './database.ts';

export interface User {
  email: string;
  name: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toRow(user: User): Row {
  return { email: normalizeEmail(user.email), name: user.name.trim() };
}

export class UserRepository {
  private db: Database | undefined;
  private readonly ready: Promise<void>;

  constructor(private readonly open: () => Promise<Database>) {
    this.ready = this.init();
  }

  private async init(): Promise<void> {
    const db = await this.open();
    this.db = db;
    await db.exec('CREATE TABLE users');
  }

  private async table(): Promise<Database> {
    await this.ready;
    return this.db!;
  }

  async add(user: User): Promise<void> {
    const db = await this.table();
    await db.insert('users', toRow(user));
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const db = await this.table();
    const [row] = await db.select('users', (r) => r.email === normalizeEmail(email));
    return row ? { email: String(row.email), name: String(row.name) } : undefined;
  }

  async count(): Promise<number> {
    const db = await this.table();
    return db.count('users');
  }
}
