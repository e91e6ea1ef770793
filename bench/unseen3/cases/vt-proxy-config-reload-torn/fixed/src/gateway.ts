import type { HotConfig } from './hot-config';

export interface RouteConfig {
  upstream: string;
  apiKey: string;
}

export interface Reply {
  status: number;
  body: string;
}

const jitter = () => new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));

/** The upstream services; each accepts only its own API key. */
export class Upstreams {
  readonly keys = new Map<string, string>();
  readonly hits = new Map<string, number>();

  async lookup(host: string): Promise<string> {
    await jitter();
    if (!this.keys.has(host)) throw new Error(`ENOTFOUND ${host}`);
    return `10.0.0.${host.length}`;
  }

  async request(url: string, apiKey: string): Promise<Reply> {
    await jitter();
    const host = new URL(url).host;
    if (this.keys.get(host) !== apiKey) return { status: 401, body: 'bad key' };
    this.hits.set(host, (this.hits.get(host) ?? 0) + 1);
    return { status: 200, body: `${host}${new URL(url).pathname}` };
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export class Gateway {
  forwarded = 0;

  constructor(
    private readonly config: HotConfig<RouteConfig>,
    private readonly upstreams: Upstreams,
  ) {}

  async forward(path: string): Promise<Reply> {
    const route = this.config.value;
    const url = joinUrl(route.upstream, path);
    await this.upstreams.lookup(new URL(url).host);
    this.forwarded++;
    return this.upstreams.request(url, route.apiKey);
  }
}
