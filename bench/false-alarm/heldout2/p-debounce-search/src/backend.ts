import { setTimeout as sleep } from 'node:timers/promises';

/** A fake search and storage backend that records what it was asked and how many requests overlap. */
export class Backend {
  readonly queries: string[] = [];
  readonly saved: string[] = [];
  refreshes = 0;
  saving = 0;
  maxSaving = 0;
  private readonly docs = ['apple pie', 'apple tart', 'banana bread', 'cherry pie', 'pear crumble'];

  async search(q: string): Promise<string[]> {
    this.queries.push(q);
    await sleep(3);
    return this.docs.filter((d) => d.includes(q));
  }

  async refreshIndex(): Promise<number> {
    const n = ++this.refreshes;
    await sleep(10);
    return n;
  }

  async save(draft: string): Promise<string> {
    this.saving++;
    this.maxSaving = Math.max(this.maxSaving, this.saving);
    try {
      await sleep(8);
      this.saved.push(draft);
      return draft;
    } finally {
      this.saving--;
    }
  }
}
