/** The identity provider: issues tokens that expire; counts refreshes. */
export class AuthServer {
  refreshes = 0;
  private issued = 0;
  now = 0;

  async refresh(refreshToken: string): Promise<{ token: string; expiresAt: number }> {
    this.refreshes++;
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (refreshToken !== 'valid-refresh') throw new Error('401 refresh token revoked');
    this.issued++;
    return { token: `token-${this.issued}`, expiresAt: this.now + 100 };
  }
}

/** The resource server: accepts only the newest token. */
export class ResourceServer {
  currentToken = 'token-0';
  served = 0;

  async get(path: string, token: string): Promise<string> {
    await new Promise((resolve) => setImmediate(resolve));
    if (token !== this.currentToken) throw new Error(`401 stale token ${token} for ${path}`);
    this.served++;
    return `data of ${path}`;
  }
}
