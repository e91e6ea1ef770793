import { RenderPool, RenderTimeoutError } from './pool';

export interface Thumbnail {
  docId: string;
  width: number;
  image: string;
  placeholder: boolean;
}

export interface ThumbnailOptions {
  timeoutMs: number;
  widths: number[];
}

/** Thumbnails for the document list: rendered on the pool, cached by document and width. */
export class ThumbnailService {
  private readonly cache = new Map<string, Thumbnail>();
  renders = 0;

  constructor(
    private readonly pool: RenderPool,
    private readonly options: ThumbnailOptions,
  ) {}

  async thumbnail(docId: string, width: number): Promise<Thumbnail> {
    if (!this.options.widths.includes(width)) throw new Error(`unsupported width ${width}`);
    const key = `${docId}@${width}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    this.renders++;
    try {
      const reply = await this.pool.render(docId, width, this.options.timeoutMs);
      const thumb: Thumbnail = { docId, width, image: reply.thumbnail, placeholder: false };
      this.cache.set(key, thumb);
      return thumb;
    } catch (err) {
      if (err instanceof RenderTimeoutError) return { docId, width, image: `placeholder@${width}`, placeholder: true };
      throw err;
    }
  }
}

export interface ListRequest {
  docIds: string[];
  width?: number;
}

export interface ListResponse {
  status: number;
  items: Thumbnail[];
}

/** GET /documents?thumbnails=1 — one thumbnail per listed document. */
export function createListHandler(service: ThumbnailService) {
  return async (req: ListRequest): Promise<ListResponse> => {
    if (req.docIds.length === 0) return { status: 400, items: [] };
    const width = req.width ?? 160;
    try {
      const items = await Promise.all(req.docIds.map((docId) => service.thumbnail(docId, width)));
      return { status: 200, items };
    } catch {
      return { status: 422, items: [] };
    }
  };
}
