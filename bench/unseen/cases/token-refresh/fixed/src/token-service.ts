import { setTimeout as sleep } from 'node:timers/promises';

export interface Tokens {
  access: string;
  refresh: string;
  expiresAt: number;
}

/** In-process stand-in for the identity provider. Refresh tokens are single use (rotated). */
export class TokenService {
  private issued = 0;
  private readonly liveRefresh = new Set<string>();
  private readonly liveAccess = new Set<string>();
  refreshCalls = 0;

  async login(user: string): Promise<Tokens> {
    await sleep(1);
    return this.issue(user);
  }

  async refresh(refreshToken: string): Promise<Tokens> {
    this.refreshCalls++;
    await sleep(3);
    if (!this.liveRefresh.delete(refreshToken)) throw new Error('invalid_grant: refresh token was already used');
    return this.issue(userOf(refreshToken));
  }

  verify(access: string): boolean {
    return this.liveAccess.has(access);
  }

  private issue(user: string): Tokens {
    const n = ++this.issued;
    const tokens = { access: `at:${user}:${n}`, refresh: `rt:${user}:${n}`, expiresAt: Date.now() + 60_000 };
    this.liveAccess.add(tokens.access);
    this.liveRefresh.add(tokens.refresh);
    return tokens;
  }
}

export function userOf(token: string): string {
  return token.split(':')[1] ?? '';
}
