import type { FakeTransport } from './transport.ts';

export class TimeoutError extends Error {
  constructor(readonly path: string, readonly ms: number) {
    super(`GET ${path} timed out after ${ms} ms`);
  }
}

export interface GetOptions {
  timeoutMs?: number;
  query?: Record<string, string>;
}

export function buildPath(resource: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();
  return search ? `${resource}?${search}` : resource;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

/** A client for a JSON API: every request gets a deadline and is cancelled when it passes. */
export class ApiClient {
  requests = 0;
  timeouts = 0;

  constructor(private readonly transport: FakeTransport, private readonly defaultTimeoutMs = 5000) {}

  async get(resource: string, options: GetOptions = {}): Promise<string> {
    const path = buildPath(resource, options.query);
    const ms = options.timeoutMs ?? this.defaultTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    this.requests++;
    try {
      return await this.transport.fetch(path, controller.signal);
    } catch (err) {
      if (isAbort(err)) {
        this.timeouts++;
        throw new TimeoutError(path, ms);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async getJson<T>(resource: string, options: GetOptions = {}): Promise<T> {
    return JSON.parse(await this.get(resource, options)) as T;
  }
}
