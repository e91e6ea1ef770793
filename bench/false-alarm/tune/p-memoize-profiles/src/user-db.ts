import { setTimeout as sleep } from 'node:timers/promises';

export interface Profile {
  id: string;
  name: string;
  loadedAt: number;
}

/** A slow user database: every query is counted. */
export class UserDb {
  queries: string[] = [];
  private loads = 0;

  constructor(private readonly names: Record<string, string>) {}

  async find(id: string): Promise<Profile> {
    this.queries.push(id);
    await sleep(10);
    const name = this.names[id];
    if (name === undefined) throw new Error(`no user ${id}`);
    return { id, name, loadedAt: ++this.loads };
  }
}
