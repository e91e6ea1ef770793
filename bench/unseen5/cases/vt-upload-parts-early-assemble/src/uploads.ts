import { createHash } from 'node:crypto';
import { assemble, PartStore, type Assembled, type Upload } from './part-store';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Looks sessions up at the auth service; concurrent lookups of one token share one request. */
export class AuthCache {
  private readonly inflight = new Map<string, Promise<string>>();
  lookups = 0;

  user(token: string): Promise<string> {
    let pending = this.inflight.get(token);
    if (!pending) {
      pending = this.lookup(token).finally(() => this.inflight.delete(token));
      this.inflight.set(token, pending);
    }
    return pending;
  }

  private async lookup(token: string): Promise<string> {
    this.lookups++;
    await pause(2 + Math.random() * 3);
    if (!token.startsWith('tok-')) throw new Error('invalid session');
    return token.slice(4);
  }
}

export class UploadService {
  private readonly results = new Map<string, Promise<Assembled>>();
  private seq = 0;

  constructor(readonly store = new PartStore(), readonly auth = new AuthCache()) {
    store.on('complete', (upload: Upload) => this.results.set(upload.id, assemble(store, upload)));
  }

  async begin(token: string, size: number, partSize: number): Promise<{ id: string; parts: number }> {
    const user = await this.auth.user(token);
    const id = `${user}-${++this.seq}`;
    const parts = Math.max(1, Math.ceil(size / partSize));
    await this.store.begin(id, parts);
    return { id, parts };
  }

  putPart(id: string, n: number, data: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.store.storePart(id, n, data, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** The assembled file, once every part is in. */
  async finish(id: string): Promise<Assembled> {
    const result = this.results.get(id);
    if (!result) throw new Error(`upload ${id} is missing parts`);
    return result;
  }
}

/** The client side: splits a file, sends its parts over `lanes` parallel connections. */
export class UploadClient {
  constructor(private readonly service: UploadService, private readonly token: string, private readonly jitterMs = 3) {}

  async uploadFile(body: Buffer, partSize: number, lanes = 3): Promise<Assembled & { expected: string }> {
    const { id, parts } = await this.service.begin(this.token, body.length, partSize);
    let next = 0;
    const lane = async () => {
      while (next < parts) {
        const n = next++; // claimed synchronously: each part goes out once
        await pause(Math.random() * this.jitterMs); // network
        await this.service.putPart(id, n, body.subarray(n * partSize, (n + 1) * partSize));
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, parts) }, lane));
    const assembled = await this.service.finish(id);
    return { ...assembled, expected: createHash('sha256').update(body).digest('hex') };
  }
}
