export interface User {
  id: number;
  name: string;
}

/** The remote user service: every call is a network round trip, counted. */
export class UserApi {
  calls = 0;

  constructor(private readonly users: Map<number, string>) {}

  async fetchUser(id: number): Promise<User> {
    this.calls++;
    await new Promise((resolve) => setImmediate(resolve));
    const name = this.users.get(id);
    if (name === undefined) throw new Error(`user ${id} not found`);
    return { id, name };
  }
}

/**
 * memoize-style cache in front of the user service. The cache is checked, then filled after the
 * fetch resolves: two lookups of the same id that overlap both miss and both fetch.
 */
export class UserDirectory {
  private readonly cache = new Map<number, User>();

  constructor(private readonly api: UserApi) {}

  async getUser(id: number): Promise<User> {
    if (!this.cache.has(id)) {
      const user = await this.api.fetchUser(id);
      this.cache.set(id, user);
    }
    return this.cache.get(id)!;
  }

  async getUsers(ids: number[]): Promise<User[]> {
    const users: User[] = [];
    for (const id of ids) users.push(await this.getUser(id));
    return users;
  }

  forget(id: number): void {
    this.cache.delete(id);
  }

  get size(): number {
    return this.cache.size;
  }
}
