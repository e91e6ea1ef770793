import { setTimeout as sleep } from 'node:timers/promises';

/** The documents as the server has them; every write takes a network round trip. */
export class DocStore {
  private readonly saved = new Map<string, string>();
  writes = 0;

  async write(id: string, text: string): Promise<void> {
    this.writes++;
    await sleep(4);
    this.saved.set(id, text);
  }

  read(id: string): string | undefined {
    return this.saved.get(id);
  }
}
