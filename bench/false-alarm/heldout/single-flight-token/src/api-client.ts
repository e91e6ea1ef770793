import { AuthServer, ResourceServer } from './auth-server.ts';

export class ApiClient {
  private token = 'token-0';
  private expiresAt = 0;
  private refreshing: Promise<string> | undefined;

  constructor(private readonly auth: AuthServer, private readonly resources: ResourceServer, private readonly refreshToken = 'valid-refresh') {}

  async get(path: string): Promise<string> {
    const token = await this.validToken();
    return this.resources.get(path, token);
  }

  /** Returns a token valid now; concurrent callers share one refresh. */
  validToken(): Promise<string> {
    if (this.expiresAt > this.auth.now) return Promise.resolve(this.token);
    if (!this.refreshing) {
      this.refreshing = this.auth
        .refresh(this.refreshToken)
        .then(({ token, expiresAt }) => {
          this.token = token;
          this.expiresAt = expiresAt;
          this.resources.currentToken = token; // the resource server learns about it at once (test double)
          return token;
        })
        .finally(() => {
          this.refreshing = undefined;
        });
    }
    return this.refreshing;
  }
}
