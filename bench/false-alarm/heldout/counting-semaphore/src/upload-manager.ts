import { Semaphore } from './semaphore.ts';

export interface Bucket {
  put(key: string, data: Buffer): Promise<string>;
}

/** Uploads files to a bucket, at most two at a time. */
export class UploadManager {
  private readonly slots = new Semaphore(2);
  uploading = 0;
  maxUploading = 0;

  constructor(private readonly bucket: Bucket) {}

  upload(key: string, data: Buffer): Promise<string> {
    return this.slots.with(async () => {
      this.uploading++;
      this.maxUploading = Math.max(this.maxUploading, this.uploading);
      try {
        return await this.bucket.put(key, data);
      } finally {
        this.uploading--;
      }
    });
  }

  /** Runs any work in an upload slot (e.g. a multipart upload's parts). */
  inSlot<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.with(work);
  }

  slotsFree(): number {
    return this.slots.available();
  }

  queued(): number {
    return this.slots.waiting();
  }
}

/** A fake object store: a put takes a few milliseconds; keys ending in `.bad` fail. */
export class FakeBucket implements Bucket {
  objects = new Map<string, number>();

  constructor(private readonly latencyMs = 4) {}

  async put(key: string, data: Buffer): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (key.endsWith('.bad')) throw new Error(`upload of ${key} failed`);
    this.objects.set(key, data.length);
    return `etag-${key}-${data.length}`;
  }
}
