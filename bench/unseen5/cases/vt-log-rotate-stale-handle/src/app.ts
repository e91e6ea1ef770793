import { RotatingLog } from './rotating-log';

export interface Request {
  method: string;
  path: string;
  token?: string;
}

export interface Response {
  status: number;
  body: string;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The redaction policy comes from a config service; each lookup is a round trip. */
export class RedactionPolicy {
  lookups = 0;

  constructor(private readonly fields: string[] = ['token']) {}

  async rules(): Promise<string[]> {
    this.lookups++;
    await pause(Math.random() * 3);
    return this.fields;
  }

  redactor() {
    return async (line: string): Promise<string> => {
      const fields = await this.rules();
      const obj = JSON.parse(line) as Record<string, unknown>;
      for (const f of fields) if (f in obj) obj[f] = '[redacted]';
      return JSON.stringify(obj);
    };
  }
}

export class AccessLog {
  constructor(private readonly log: RotatingLog) {}

  record(req: Request, res: Response, ms: number): Promise<void> {
    return this.log.append({ method: req.method, path: req.path, status: res.status, ms, token: req.token });
  }
}

/** A small app: routes, a fake handler latency, and one access-log line per request. */
export function createApp(log: RotatingLog) {
  const access = new AccessLog(log);
  const routes: Record<string, (req: Request) => Promise<Response>> = {
    '/health': async () => ({ status: 200, body: 'ok' }),
    '/orders': async () => {
      await pause(1 + Math.random() * 3);
      return { status: 200, body: '[]' };
    },
  };

  const handle = async (req: Request): Promise<Response> => {
    const started = Date.now();
    const route = routes[req.path];
    const res = route ? await route(req) : { status: 404, body: 'not found' };
    await access.record(req, res, Date.now() - started);
    return res;
  };

  /** What logrotate's postrotate SIGHUP does. */
  const reopenLogs = () => log.rotate();

  return { handle, reopenLogs };
}
