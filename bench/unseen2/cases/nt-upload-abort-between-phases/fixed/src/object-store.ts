import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** A bucket of an object store: checksums and writes each take a round trip. */
export class ObjectStore {
  private readonly objects = new Map<string, { body: string; etag: string }>();
  discarded: string[] = [];

  async checksum(body: string): Promise<string> {
    await sleep(3);
    return createHash('md5').update(body).digest('hex');
  }

  async put(key: string, body: string, etag: string): Promise<void> {
    await sleep(1);
    this.objects.set(key, { body, etag });
  }

  async discardParts(key: string): Promise<void> {
    await sleep(1);
    this.discarded.push(key);
  }

  get(key: string): string | undefined {
    return this.objects.get(key)?.body;
  }

  has(key: string): boolean {
    return this.objects.has(key);
  }
}
