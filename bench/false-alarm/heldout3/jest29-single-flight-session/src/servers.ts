const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const latency = () => pause(1 + Math.floor(Math.random() * 5));

export interface Token {
  value: string;
  expiresAt: number;
}

/** A fake OAuth server: every grant issues a new token `t1`, `t2`, … valid for `ttlMs`. */
export class AuthServer {
  issued = 0;
  private readonly revoked = new Set<string>();

  constructor(private readonly ttlMs = 60_000) {}

  async grant(): Promise<Token> {
    await latency();
    this.issued++;
    return { value: `t${this.issued}`, expiresAt: Date.now() + this.ttlMs };
  }

  revoke(value: string): void {
    this.revoked.add(value);
  }

  isRevoked(value: string): boolean {
    return this.revoked.has(value);
  }
}

export class HttpError extends Error {
  constructor(readonly status: number, readonly path: string) {
    super(`GET ${path}: ${status}`);
    this.name = 'HttpError';
  }
}

/** A fake resource server: 401 for a revoked token, 500 for paths told to fail once. */
export class ResourceServer {
  readonly hits = new Map<string, number>();
  readonly seenTokens: string[] = [];
  private readonly failOnce = new Set<string>();

  constructor(private readonly auth: AuthServer) {}

  failNext(path: string): void {
    this.failOnce.add(path);
  }

  async get(path: string, token: string): Promise<{ path: string; token: string }> {
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    this.seenTokens.push(token);
    await latency();
    if (this.auth.isRevoked(token)) throw new HttpError(401, path);
    if (this.failOnce.delete(path)) throw new HttpError(500, path);
    return { path, token };
  }
}
