const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Token {
  value: string;
  tenant: string;
  expiresAt: number;
}

/** A fake identity provider: issues tenant-scoped tokens after a random round trip. */
export class AuthServer {
  issued = 0;
  private readonly tokens = new Map<string, Token>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxLatencyMs = 6,
  ) {}

  async issue(user: string, tenant: string): Promise<Token> {
    if (!MEMBERS[tenant]?.includes(user)) {
      await sleep(1);
      throw new Error(`${user} is not a member of ${tenant}`);
    }
    await sleep(1 + Math.floor(Math.random() * this.maxLatencyMs));
    const token = { value: `tok-${++this.issued}`, tenant, expiresAt: Date.now() + this.ttlMs };
    this.tokens.set(token.value, token);
    return { ...token };
  }

  introspect(value: string): Token | undefined {
    const token = this.tokens.get(value);
    return token && token.expiresAt > Date.now() ? token : undefined;
  }
}

const MEMBERS: Record<string, string[]> = {
  acme: ['ana', 'bob'],
  globex: ['ana'],
  initech: ['ana', 'bob'],
};

const PROJECTS: Record<string, string[]> = {
  acme: ['rockets', 'anvils'],
  globex: ['hammock'],
  initech: ['tps-reports'],
};

/** A fake resource server: answers with the projects of the token's tenant. */
export class ProjectsServer {
  requests = 0;

  constructor(private readonly auth: AuthServer) {}

  async list(bearer: string): Promise<{ status: 200 | 401; tenant?: string; projects?: string[] }> {
    this.requests++;
    await sleep(1);
    const token = this.auth.introspect(bearer);
    if (!token) return { status: 401 };
    return { status: 200, tenant: token.tenant, projects: [...PROJECTS[token.tenant]] };
  }
}
