import type { ObjectStore } from './object-store.ts';

type State = 'open' | 'completed' | 'aborted';

/** Joins the parts in part-number order, as the store's CompleteMultipartUpload does. */
export function assemble(parts: ReadonlyMap<number, string>): string {
  return [...parts.keys()].sort((a, b) => a - b).map((n) => parts.get(n)).join('');
}

/**
 * One multipart upload. complete() verifies the assembled body and publishes it under the key;
 * abort() throws the parts away. Exactly one of the two may succeed.
 */
export class MultipartUpload {
  private state: State = 'open';
  private readonly parts = new Map<number, string>();

  constructor(readonly key: string, private readonly store: ObjectStore) {}

  addPart(partNumber: number, data: string): void {
    if (this.state !== 'open') throw new Error(`upload ${this.key} is ${this.state}`);
    this.parts.set(partNumber, data);
  }

  async complete(): Promise<string> {
    if (this.state !== 'open') throw new Error(`upload ${this.key} is ${this.state}`);
    if (this.parts.size === 0) throw new Error(`upload ${this.key} has no parts`);
    const body = assemble(this.parts);
    const etag = await this.store.checksum(body);
    await this.store.put(this.key, body, etag);
    this.state = 'completed';
    return etag;
  }

  async abort(): Promise<void> {
    if (this.state !== 'open') throw new Error(`upload ${this.key} is ${this.state}`);
    this.state = 'aborted';
    this.parts.clear();
    await this.store.discardParts(this.key);
  }

  get status(): State {
    return this.state;
  }
}
