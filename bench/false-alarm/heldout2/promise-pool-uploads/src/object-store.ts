import { setTimeout as sleep } from 'node:timers/promises';

/** A fake object store: PUTs are slow, and it counts how many are in flight. */
export class ObjectStore {
  readonly objects = new Map<string, Buffer>();
  inFlight = 0;
  maxInFlight = 0;

  async put(key: string, body: Buffer, ms = 4): Promise<string> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await sleep(ms);
      if (body.length === 0) throw new Error(`empty body for ${key}`);
      if (this.objects.has(key)) throw new Error(`${key} already exists`);
      this.objects.set(key, body);
      return `etag-${key}-${body.length}`;
    } finally {
      this.inFlight--;
    }
  }
}
