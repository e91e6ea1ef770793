import { Semaphore } from 'async-mutex';
import { Origin } from './origin.ts';

export interface Download {
  url: string;
  bytes: number;
}

/** Downloads with at most `slots` transfers at once; a large file occupies every slot. */
export class Downloader {
  private readonly slots: Semaphore;
  /** weight currently inside the semaphore (for tests and metrics) */
  busy = 0;
  maxBusy = 0;
  largeRunningWith: number[] = [];

  constructor(private readonly origin: Origin, readonly capacity = 2) {
    this.slots = new Semaphore(capacity);
  }

  download(url: string): Promise<Download> {
    return this.slots.runExclusive(() => this.fetch(url, 1));
  }

  /** A large file takes all the capacity, so it never runs next to another download. */
  downloadLarge(url: string): Promise<Download> {
    return this.slots.runExclusive(() => this.fetch(url, this.capacity, true), this.capacity);
  }

  /** Runs any transfer-like work in one slot (used for checksums and retries). */
  withSlot<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.runExclusive(work);
  }

  async downloadAll(urls: string[]): Promise<Download[]> {
    return Promise.all(urls.map((url) => this.download(url)));
  }

  free(): number {
    return this.slots.getValue();
  }

  private async fetch(url: string, weight: number, large = false): Promise<Download> {
    this.busy += weight;
    this.maxBusy = Math.max(this.maxBusy, this.busy);
    if (large) this.largeRunningWith.push(this.busy);
    try {
      const body = await this.origin.get(url, large ? 15 : 5);
      return { url, bytes: body.length };
    } finally {
      this.busy -= weight;
    }
  }
}
