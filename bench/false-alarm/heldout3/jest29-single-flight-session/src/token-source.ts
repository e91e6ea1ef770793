import { AuthServer, Token } from './servers';

/**
 * Hands out a valid access token. When none is valid, the first caller starts the refresh and
 * every caller that comes while it runs shares it: the check and the act happen synchronously,
 * before the first await, so two callers can never both start one.
 */
export class TokenSource {
  private current: Token | undefined;
  private refreshing: Promise<Token> | undefined;
  refreshes = 0;

  constructor(private readonly auth: AuthServer) {}

  get(): Promise<string> {
    if (this.current && this.current.expiresAt > Date.now()) return Promise.resolve(this.current.value);
    if (!this.refreshing) {
      this.refreshes++;
      this.refreshing = this.auth
        .grant()
        .then((token) => {
          this.current = token;
          return token;
        })
        .finally(() => {
          this.refreshing = undefined;
        });
    }
    return this.refreshing.then((t) => t.value);
  }

  /** Drops the token only if it is still the one the caller used (a newer one is kept). */
  invalidate(value: string): void {
    if (this.current?.value === value) this.current = undefined;
  }
}
