import { Semaphore } from './locks';
import type { IndexEntry, Workspace } from './workspace';

export interface ApiRequest {
  method: 'GET' | 'PUT' | 'MOVE' | 'DELETE' | 'POST';
  path: string;
  body?: string;
  destination?: string;
}

export interface ApiResponse {
  status: number;
  body?: unknown;
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MAX_BODY = 64 * 1024;

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Validation and bulk operations over the workspace. */
export class DocService {
  private readonly uploads = new Semaphore(2);

  constructor(private readonly workspace: Workspace) {}

  async save(folder: string, name: string, body: string): Promise<IndexEntry> {
    if (!NAME.test(folder) || !NAME.test(name)) throw new HttpError(400, 'bad folder or document name');
    if (body.length > MAX_BODY) throw new HttpError(413, 'document too large');
    return this.workspace.writeDoc(folder, name, body);
  }

  async rename(folder: string, from: string, to: string): Promise<void> {
    if (!NAME.test(to)) throw new HttpError(400, 'bad document name');
    if (!(await this.workspace.renameDoc(folder, from, to))) throw new HttpError(409, `cannot rename ${from} to ${to}`);
  }

  /** Imports many documents, at most two uploads at a time. */
  async importMany(folder: string, docs: Record<string, string>): Promise<number> {
    const saved = await Promise.all(Object.entries(docs).map(([name, body]) => this.uploads.use(() => this.save(folder, name, body))));
    return saved.length;
  }

  get peakImports(): number {
    return this.uploads.peak;
  }

  list(folder: string): Promise<IndexEntry[]> {
    return this.workspace.list(folder);
  }

  read(folder: string, name: string): Promise<string | undefined> {
    return this.workspace.readDoc(folder, name);
  }

  purge(folder: string): Promise<number> {
    return this.workspace.purge(folder);
  }
}

/** The HTTP-ish front: `/folder` and `/folder/name` paths. */
export class DocsApi {
  constructor(private readonly docs: DocService) {}

  async handle(req: ApiRequest): Promise<ApiResponse> {
    const [folder, name, extra] = req.path.replace(/^\//, '').split('/');
    try {
      if (!folder || extra !== undefined) throw new HttpError(404, 'no such route');
      if (req.method === 'PUT' && name) return { status: 200, body: await this.docs.save(folder, name, req.body ?? '') };
      if (req.method === 'MOVE' && name) {
        await this.docs.rename(folder, name, req.destination ?? '');
        return { status: 204 };
      }
      if (req.method === 'GET' && name) {
        const body = await this.docs.read(folder, name);
        return body === undefined ? { status: 404 } : { status: 200, body };
      }
      if (req.method === 'GET') return { status: 200, body: await this.docs.list(folder) };
      if (req.method === 'DELETE' && !name) return { status: 200, body: { deleted: await this.docs.purge(folder) } };
      if (req.method === 'POST' && name === '_import') {
        const docs = JSON.parse(req.body ?? '{}') as Record<string, string>;
        return { status: 201, body: { imported: await this.docs.importMany(folder, docs) } };
      }
      throw new HttpError(405, 'method not allowed');
    } catch (err) {
      if (err instanceof HttpError) return { status: err.status, body: err.message };
      throw err;
    }
  }
}
