import type { ConnectionPool } from './pool.ts';
import type { Reply } from './redis.ts';

export interface Session {
  id: string;
  userId: string;
  roles: string[];
}

export interface Request {
  path: string;
  cookie?: string;
}

export interface Response {
  status: number;
  body: string;
}

/** Sessions and page-view counters kept in Redis, through the pool. */
export class SessionCache {
  constructor(private readonly pool: ConnectionPool) {}

  private run(command: string[]): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.pool.acquire((err, conn) => {
        if (err || !conn) return reject(err ?? new Error('no connection'));
        conn.send(command, (sendErr, reply) => {
          this.pool.release(conn);
          if (sendErr) reject(sendErr);
          else resolve(reply ?? null);
        });
      });
    });
  }

  async save(session: Session): Promise<void> {
    await this.run(['SET', `session:${session.id}`, JSON.stringify(session)]);
  }

  async load(id: string): Promise<Session | undefined> {
    const raw = await this.run(['GET', `session:${id}`]);
    return raw === null ? undefined : (JSON.parse(raw) as Session);
  }

  async destroy(id: string): Promise<boolean> {
    return (await this.run(['DEL', `session:${id}`])) === '1';
  }

  async countView(path: string): Promise<number> {
    return Number(await this.run(['INCR', `views:${path}`]));
  }
}

/** The web tier's handler: a page needs a session; each view is counted. */
export async function handle(cache: SessionCache, req: Request): Promise<Response> {
  const sid = req.cookie?.match(/(?:^|;\s*)sid=([\w-]+)/)?.[1];
  if (!sid) return { status: 401, body: 'no session' };
  const session = await cache.load(sid);
  if (!session) return { status: 401, body: 'session expired' };
  if (req.path.startsWith('/admin') && !session.roles.includes('admin')) return { status: 403, body: 'forbidden' };
  const views = await cache.countView(req.path);
  return { status: 200, body: `${session.userId} viewed ${req.path} (${views})` };
}
