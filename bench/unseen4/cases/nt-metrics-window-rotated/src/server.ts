import { count, registerRoute, rotate } from './metrics.ts';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
}

export interface Response {
  status: number;
  body: string;
}

const work = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counts a finished request. */
export const countRequest = (req: Request, res: Response): Promise<void> =>
  count(`http_requests_${req.method.toLowerCase()}`, req.path, res.status);

/** A tiny app: users and orders, every request counted. */
export function createApp(options: { workMs?: number } = {}) {
  registerRoute(/^\/users\/\d+$/, '/users/:id');
  registerRoute(/^\/orders$/, '/orders');
  const users = new Map<number, string>([[1, 'ana'], [2, 'bob']]);
  const orders: string[] = [];

  const route = async (req: Request): Promise<Response> => {
    await work(options.workMs ?? 0);
    const user = /^\/users\/(\d+)$/.exec(req.path);
    if (req.method === 'GET' && user) {
      const name = users.get(Number(user[1]));
      return name ? { status: 200, body: name } : { status: 404, body: 'no such user' };
    }
    if (req.method === 'POST' && req.path === '/orders') {
      orders.push(`order-${orders.length + 1}`);
      return { status: 201, body: orders[orders.length - 1] };
    }
    return { status: 404, body: 'not found' };
  };

  return {
    orders,
    handle: async (req: Request): Promise<Response> => {
      const res = await route(req);
      await countRequest(req, res);
      return res;
    },
    /** Starts the periodic reporter; returns its stop function, which ships the last window. */
    startReporter: (everyMs: number): (() => Promise<void>) => {
      const timer = setInterval(() => void rotate(), everyMs);
      return () => {
        clearInterval(timer);
        return rotate();
      };
    },
  };
}
