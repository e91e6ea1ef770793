import type { AuthServer, Token } from './backend';

export interface SessionOptions {
  /** how long before expiry the background renewal runs */
  renewBeforeMs: number;
}

/** A user's session: one tenant-scoped token, renewed in the background before it expires. */
export class Session {
  private token: Token | undefined;
  private currentTenant: string | undefined;
  private refreshing: Promise<Token> | undefined;
  private renewal: NodeJS.Timeout | undefined;
  fetches = 0;

  constructor(
    private readonly auth: AuthServer,
    readonly user: string,
    private readonly options: SessionOptions = { renewBeforeMs: 100 },
  ) {}

  get tenant(): string | undefined {
    return this.currentTenant;
  }

  get tokenTenant(): string | undefined {
    return this.token?.tenant;
  }

  /** Switches the session to another tenant; resolves once a token for it is held. */
  async switchTenant(tenant: string): Promise<void> {
    this.currentTenant = tenant;
    await this.fetchToken();
  }

  /** A token that has not expired; callers arriving during a refresh share it. */
  async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    if (!this.refreshing) this.refreshing = this.fetchToken().finally(() => (this.refreshing = undefined));
    return (await this.refreshing).value;
  }

  /** Forgets a token the server refused, unless a newer one already replaced it. */
  refused(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  end(): void {
    clearTimeout(this.renewal);
    this.token = undefined;
  }

  private async fetchToken(): Promise<Token> {
    const tenant = this.currentTenant;
    if (!tenant) throw new Error('no tenant selected');
    this.fetches++;
    const token = await this.auth.issue(this.user, tenant);
    this.token = token;
    this.scheduleRenewal(token);
    return token;
  }

  private scheduleRenewal(token: Token): void {
    clearTimeout(this.renewal);
    const due = Math.max(0, token.expiresAt - Date.now() - this.options.renewBeforeMs);
    this.renewal = setTimeout(() => void this.fetchToken().catch(() => undefined), due);
    this.renewal.unref();
  }
}
