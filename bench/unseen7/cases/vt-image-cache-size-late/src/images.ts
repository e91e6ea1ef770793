import { SizedLru } from './lru';

export interface Image {
  id: string;
  width: number;
  height: number;
  data: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** The origin bucket: slow, and counted so tests can see repeated fetches. */
export class OriginBucket {
  readonly fetches = new Map<string, number>();
  private readonly images = new Map<string, Image>();

  constructor(private readonly latency: [number, number] = [3, 12]) {}

  add(id: string, width: number, height: number): void {
    this.images.set(id, { id, width, height, data: `${id}:${width}x${height}` });
  }

  async fetch(id: string): Promise<Image | undefined> {
    this.fetches.set(id, (this.fetches.get(id) ?? 0) + 1);
    await sleep(between(...this.latency));
    return this.images.get(id);
  }
}

/** Reads an image's header to learn its decoded size (4 bytes a pixel, counted in KiB). */
export const probeDecodedKiB = async (image: Image): Promise<number> => {
  await sleep(between(4, 20));
  return Math.ceil((image.width * image.height * 4) / 1024);
};

export class ImageService {
  readonly cache: SizedLru<string, Image>;
  readonly evicted: string[] = [];
  private readonly loading = new Map<string, Promise<Image | undefined>>();

  constructor(
    private readonly origin: OriginBucket,
    budgetKiB: number,
  ) {
    this.cache = new SizedLru<string, Image>(budgetKiB, probeDecodedKiB, (id) => this.evicted.push(id));
  }

  /** Cache first; concurrent misses of one image share one origin fetch. */
  get = async (id: string): Promise<Image | undefined> => {
    const cached = this.cache.get(id);
    if (cached) return cached;
    let load = this.loading.get(id);
    if (!load) {
      const started = this.load(id);
      load = started;
      this.loading.set(id, started);
      started.finally(() => {
        if (this.loading.get(id) === started) this.loading.delete(id);
      }).catch(() => {});
    }
    return load;
  };

  private async load(id: string): Promise<Image | undefined> {
    const image = await this.origin.fetch(id);
    if (image) await this.cache.set(id, image);
    return image;
  }

  purge(id: string): void {
    this.cache.delete(id);
  }
}

export interface Reply {
  status: number;
  body: string;
}

/** The HTTP-ish handler: GET /img/:id. */
export function createImageHandler(service: ImageService) {
  return async (path: string): Promise<Reply> => {
    const match = /^\/img\/([\w-]+)$/.exec(path);
    if (!match) return { status: 400, body: 'bad path' };
    const image = await service.get(match[1]);
    return image ? { status: 200, body: image.data } : { status: 404, body: 'not found' };
  };
}
