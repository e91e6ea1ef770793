import { setTimeout as sleep } from 'node:timers/promises';
import { type Tokens, type TokenService, userOf } from './token-service.ts';

const SKEW_MS = 5_000;

export function isExpired(tokens: Tokens | undefined, now: number): boolean {
  return tokens === undefined || tokens.expiresAt - SKEW_MS <= now;
}

export class ApiClient {
  private tokens: Tokens | undefined;

  constructor(
    private readonly auth: TokenService,
    private readonly user: string,
  ) {}

  async login(): Promise<void> {
    this.tokens = await this.auth.login(this.user);
  }

  /** Marks the current access token as expired (e.g. after the server answered 401). */
  invalidate(): void {
    if (this.tokens) this.tokens = { ...this.tokens, expiresAt: 0 };
  }

  async ensureToken(): Promise<string> {
    if (!this.tokens) throw new Error('not logged in');
    if (isExpired(this.tokens, Date.now())) {
      const stale = this.tokens;
      this.tokens = await this.auth.refresh(stale.refresh);
    }
    return this.tokens.access;
  }

  async get(path: string): Promise<{ path: string; user: string }> {
    const access = await this.ensureToken();
    if (!this.auth.verify(access)) throw new Error(`401 Unauthorized on ${path}`);
    await sleep(1);
    return { path, user: userOf(access) };
  }
}
