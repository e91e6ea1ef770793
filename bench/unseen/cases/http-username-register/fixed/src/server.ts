import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserDb } from './user-db.ts';

export interface Reply {
  status: number;
  body: unknown;
}

export function normalizeName(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

export function isValidName(name: string): boolean {
  return /^[a-z][a-z0-9_]{2,15}$/.test(name);
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

export class RegistrationServer {
  private readonly server = http.createServer((req, res) => void this.route(req, res));
  private readonly claimed = new Set<string>();

  constructor(readonly db = new UserDb()) {}

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async register(body: { name?: unknown }): Promise<Reply> {
    const name = normalizeName(body.name);
    if (!isValidName(name)) return { status: 400, body: { error: 'invalid name' } };
    if (this.claimed.has(name)) return { status: 409, body: { error: 'name taken' } };
    this.claimed.add(name);
    try {
      if (await this.db.findByName(name)) return { status: 409, body: { error: 'name taken' } };
      const user = await this.db.insert(name);
      return { status: 201, body: user };
    } finally {
      this.claimed.delete(name);
    }
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      if (req.method === 'POST' && req.url === '/users') reply = await this.register((await readBody(req)) as { name?: unknown });
      else if (req.method === 'GET' && req.url === '/users') reply = { status: 200, body: await this.db.all() };
      else reply = { status: 404, body: { error: 'not found' } };
    } catch (err) {
      reply = { status: 500, body: { error: String(err) } };
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }
}
