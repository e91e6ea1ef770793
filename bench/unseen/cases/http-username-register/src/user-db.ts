import { setTimeout as sleep } from 'node:timers/promises';

export interface User {
  id: number;
  name: string;
  createdAt: number;
}

/** A tiny async table, as a database driver would expose it. */
export class UserDb {
  private readonly rows: User[] = [];
  private nextId = 1;

  async findByName(name: string): Promise<User | undefined> {
    await sleep(2);
    return this.rows.find((u) => u.name === name);
  }

  async insert(name: string): Promise<User> {
    await sleep(2);
    const user = { id: this.nextId++, name, createdAt: Date.now() };
    this.rows.push(user);
    return user;
  }

  async all(): Promise<User[]> {
    await sleep(1);
    return [...this.rows];
  }
}
