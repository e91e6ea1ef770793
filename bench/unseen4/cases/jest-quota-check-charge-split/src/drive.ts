import { BlobStore, ChainMutex, QuotaLedger } from './storage';

export interface UploadFile {
  name: string;
  data: string;
}

export class QuotaExceededError extends Error {
  constructor(
    readonly user: string,
    readonly bytes: number,
    readonly remaining: number,
  ) {
    super(`${user} has ${remaining} bytes left, ${bytes} needed`);
  }
}

/** Stores a file's bytes, keeping the user's quota. */
export class BlobWriter {
  constructor(
    private readonly blobs: BlobStore,
    private readonly quota: QuotaLedger,
  ) {}

  async commit(user: string, file: UploadFile): Promise<string> {
    const bytes = Buffer.byteLength(file.data);
    if (!this.quota.hasRoom(user, bytes)) throw new QuotaExceededError(user, bytes, this.quota.remaining(user));
    const key = `${user}/${file.name}`;
    await this.blobs.put(key, file.data);
    this.quota.charge(user, bytes);
    return key;
  }
}

/** Checks an upload, stores it and lists it in the user's manifest. */
export class UploadPipeline {
  private readonly manifestLocks = new Map<string, ChainMutex>();

  constructor(
    private readonly writer: BlobWriter,
    private readonly blobs: BlobStore,
  ) {}

  async ingest(user: string, file: UploadFile): Promise<string> {
    const clean = normalise(file);
    const key = await this.writer.commit(user, clean);
    await this.lockFor(user).run(async () => {
      const names = await this.blobs.readManifest(user);
      await this.blobs.writeManifest(user, [...names, clean.name]);
    });
    return key;
  }

  private lockFor(user: string): ChainMutex {
    let lock = this.manifestLocks.get(user);
    if (!lock) {
      lock = new ChainMutex();
      this.manifestLocks.set(user, lock);
    }
    return lock;
  }
}

export function normalise(file: UploadFile): UploadFile {
  const name = file.name.trim().toLowerCase().replace(/\s+/g, '-');
  if (!name || name.includes('/')) throw new Error(`bad file name: ${JSON.stringify(file.name)}`);
  return { name, data: file.data };
}

export interface UploadResponse {
  status: 201 | 400 | 413 | 502;
  key?: string;
  error?: string;
}

/** The HTTP-facing side of the drive. */
export class DriveApi {
  readonly quota: QuotaLedger;
  readonly blobs: BlobStore;
  private readonly pipeline: UploadPipeline;

  constructor(limits: Record<string, number>) {
    this.quota = new QuotaLedger(limits);
    this.blobs = new BlobStore();
    this.pipeline = new UploadPipeline(new BlobWriter(this.blobs, this.quota), this.blobs);
  }

  async upload(user: string, file: UploadFile): Promise<UploadResponse> {
    try {
      return { status: 201, key: await this.pipeline.ingest(user, file) };
    } catch (err) {
      if (err instanceof QuotaExceededError) return { status: 413, error: err.message };
      const message = (err as Error).message;
      return { status: message.startsWith('bad file name') ? 400 : 502, error: message };
    }
  }

  async manifest(user: string): Promise<string[]> {
    return this.blobs.readManifest(user);
  }
}
