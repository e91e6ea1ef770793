import { setTimeout as sleep } from 'node:timers/promises';

/** A fake HTTP origin: each GET takes a few milliseconds and is counted while it is open. */
export class Origin {
  open = 0;
  maxOpen = 0;
  requests: string[] = [];

  async get(url: string, ms = 5): Promise<Buffer> {
    this.open++;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    this.requests.push(url);
    try {
      await sleep(ms);
      if (url.includes('missing')) throw new Error(`404 ${url}`);
      return Buffer.from(`body of ${url}`);
    } finally {
      this.open--;
    }
  }
}
