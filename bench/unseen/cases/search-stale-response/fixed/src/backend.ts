import { setTimeout as sleep } from 'node:timers/promises';

const CATALOG = ['apple', 'apricot', 'avocado', 'banana', 'blackberry', 'blueberry', 'cherry', 'grape', 'grapefruit'];

/** The search service: short prefixes match more and take longer. */
export class SearchBackend {
  calls: string[] = [];

  async search(prefix: string): Promise<string[]> {
    this.calls.push(prefix);
    await sleep(Math.max(1, 24 - 8 * prefix.length));
    return CATALOG.filter((item) => item.startsWith(prefix));
  }
}
