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
 * memoize-style cache in front of the user service. Fixed: the cache holds the promise of the
 * fetch, stored before the first await, so a second lookup of the same id shares the request in
 * flight. A failed fetch is dropped from the cache, so it is not remembered.
 */
export class UserDirectory {
  private readonly cache = new Map<number, Promise<User>>();

  constructor(private readonly api: UserApi) {}

  async getUser(id: number): Promise<User> {
    let pending = this.cache.get(id);
    if (!pending) {
      pending = this.api.fetchUser(id);
      this.cache.set(id, pending);
      pending.catch(() => this.cache.delete(id));
    }
    return pending;
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
