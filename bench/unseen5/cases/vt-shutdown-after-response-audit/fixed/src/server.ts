import { EventEmitter } from 'node:events';
import type { AuditStore } from './audit-store';

export interface Request {
  method: string;
  path: string;
  user: string;
}

/** A response whose 'finish' is emitted once the body has been flushed to the socket. */
export class Response extends EventEmitter {
  status = 200;
  body = '';
  finished = false;

  end(body: string): void {
    this.body = body;
    setImmediate(() => {
      this.finished = true;
      this.emit('finish');
    });
  }
}

type Route = (req: Request, res: Response) => Promise<void>;

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Server {
  private readonly inflight = new Set<Promise<unknown>>();
  private accepting = true;
  readonly lostAudits: string[] = [];
  private readonly routes: Record<string, Route> = {
    '/profile': async (req, res) => {
      await pause(1 + Math.random() * 4);
      res.end(JSON.stringify({ user: req.user }));
    },
    '/logout': async (_req, res) => {
      await pause(Math.random() * 2);
      res.end('bye');
    },
  };

  constructor(private readonly audit: AuditStore) {}

  request(req: Request): Promise<Response> {
    if (!this.accepting) return Promise.reject(new Error('server is shutting down'));
    const res = new Response();
    // the request is in flight until its after-response audit write has finished too
    const audited = new Promise<void>((resolve) => res.once('finish', () => resolve(this.afterResponse(req, res))));
    const work = this.dispatch(req, res);
    this.track(Promise.all([work, audited]));
    return work.then(() => res);
  }

  private async dispatch(req: Request, res: Response): Promise<void> {
    const route = this.routes[req.path];
    if (!route) {
      res.status = 404;
      res.end('not found');
      return;
    }
    try {
      await route(req, res);
    } catch {
      res.status = 500;
      res.end('internal error');
    }
  }

  private afterResponse(req: Request, res: Response): Promise<void> {
    const entry = { method: req.method, path: req.path, status: res.status, user: req.user, at: Date.now() };
    return this.audit.write(entry).catch((err: Error) => {
      this.lostAudits.push(`${req.path} for ${req.user}: ${err.message}`);
    });
  }

  private track(p: Promise<unknown>): void {
    this.inflight.add(p);
    p.finally(() => this.inflight.delete(p)).catch(() => undefined);
  }

  get activeRequests(): number {
    return this.inflight.size;
  }

  /** Stop accepting, let the requests in flight finish, then close the audit store. */
  async shutdown(): Promise<void> {
    this.accepting = false;
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    await this.audit.close();
  }
}
