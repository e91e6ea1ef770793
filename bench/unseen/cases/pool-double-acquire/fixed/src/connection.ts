import { setTimeout as sleep } from 'node:timers/promises';

/** A fake database connection that notices when two callers use it at once. */
export class Connection {
  busy = false;
  private active = 0;
  overlaps = 0;
  queries = 0;

  constructor(readonly id: number) {}

  async ping(): Promise<boolean> {
    await sleep(1);
    return true;
  }

  async query(sql: string): Promise<string> {
    this.active++;
    if (this.active > 1) this.overlaps++;
    try {
      await sleep(3);
      this.queries++;
      return `${this.id}:${sql}`;
    } finally {
      this.active--;
    }
  }
}
