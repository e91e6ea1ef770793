import { HttpError, ResourceServer } from './servers';
import { TokenSource } from './token-source';

/**
 * GETs with a bearer token. Concurrent GETs of one path share one request (the in-flight promise
 * is cached until it settles; a failure is not kept). A 401 invalidates the token used and retries
 * once with a fresh one.
 */
export class ApiClient {
  private readonly inFlight = new Map<string, Promise<{ path: string; token: string }>>();

  constructor(private readonly server: ResourceServer, private readonly tokens: TokenSource) {}

  getJson(path: string): Promise<{ path: string; token: string }> {
    const pending = this.inFlight.get(path);
    if (pending) return pending;
    const request = this.fetchWithRetry(path).finally(() => {
      if (this.inFlight.get(path) === request) this.inFlight.delete(path);
    });
    this.inFlight.set(path, request);
    return request;
  }

  async fetchWithRetry(path: string): Promise<{ path: string; token: string }> {
    const token = await this.tokens.get();
    try {
      return await this.server.get(path, token);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) throw error;
      this.tokens.invalidate(token);
      return this.server.get(path, await this.tokens.get());
    }
  }

  pending(): number {
    return this.inFlight.size;
  }
}
