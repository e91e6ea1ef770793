import type { Pool } from './pool';
import type { ResizeJob } from './worker';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thumbnail storage (an object store behind an HTTP API) that remembers how many uploads overlapped. */
export class ThumbStorage {
  readonly objects = new Map<string, string>();
  active = 0;
  maxActive = 0;

  async put(key: string, body: string): Promise<void> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    await pause(1 + Math.floor(Math.random() * 3));
    this.objects.set(key, body);
    this.active--;
  }
}

/** Counting semaphore; a release hands its permit straight to the first waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private permits: number) {}

  async use<T>(fn: () => Promise<T>): Promise<T> {
    if (this.permits > 0) this.permits--;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.permits++;
    }
  }
}

export class ThumbnailService {
  private readonly uploads = new Semaphore(2);

  constructor(private readonly pool: Pool<ResizeJob, string>, private readonly storage: ThumbStorage) {}

  async makeThumbnail(imageId: string, width = 160): Promise<string> {
    if (!Number.isInteger(width) || width < 16 || width > 1024) throw new Error(`unsupported width ${width}`);
    const thumb = await this.pool.run({ imageId, width });
    const key = `thumbs/${imageId}-${width}.jpg`;
    await this.uploads.use(() => this.storage.put(key, thumb));
    return key;
  }

  /** Called by the autoscaler with the number of workers it wants. */
  setCapacity(workers: number): Promise<void> {
    return this.pool.resize(workers);
  }
}
