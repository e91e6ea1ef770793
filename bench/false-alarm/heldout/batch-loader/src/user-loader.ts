export interface User {
  id: number;
  name: string;
}

export type BatchFn = (ids: number[]) => Promise<Map<number, User>>;

/** Loads users by id; all loads issued in the same turn go out as one batch. */
export class UserLoader {
  private queue: Array<{ id: number; resolve: (u: User) => void; reject: (e: Error) => void }> = [];
  private readonly cache = new Map<number, Promise<User>>();
  batches: number[][] = [];

  constructor(private readonly batchFn: BatchFn) {}

  load(id: number): Promise<User> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const promise = new Promise<User>((resolve, reject) => {
      this.queue.push({ id, resolve, reject });
      if (this.queue.length === 1) process.nextTick(() => this.dispatch());
    });
    this.cache.set(id, promise);
    promise.catch(() => this.cache.delete(id));
    return promise;
  }

  loadMany(ids: number[]): Promise<User[]> {
    return Promise.all(ids.map((id) => this.load(id)));
  }

  private async dispatch(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.batches.push(batch.map((b) => b.id));
    try {
      const found = await this.batchFn(batch.map((b) => b.id));
      for (const { id, resolve, reject } of batch) {
        const user = found.get(id);
        if (user) resolve(user);
        else reject(new Error(`user ${id} not found`));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error as Error);
    }
  }
}

/** The fake database: one query per batch, answered after a short delay. */
export function fakeDb(names: Record<number, string>, log: number[][]): BatchFn {
  return async (ids) => {
    log.push([...ids]);
    await new Promise((resolve) => setTimeout(resolve, 3));
    if (ids.includes(-1)) throw new Error('database unavailable');
    return new Map(ids.filter((id) => names[id] !== undefined).map((id) => [id, { id, name: names[id] }]));
  };
}
