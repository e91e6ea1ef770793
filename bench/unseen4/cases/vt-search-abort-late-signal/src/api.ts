const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SearchResult {
  query: string;
  hits: string[];
}

export function abortError(): Error {
  const err = new Error('the search was aborted');
  err.name = 'AbortError';
  return err;
}

export const isAbort = (err: unknown): boolean => err instanceof Error && err.name === 'AbortError';

const CATALOGUE = ['kettle', 'kettlebell', 'ketchup', 'key ring', 'keyboard', 'kiwi', 'lamp', 'laptop', 'latte cups'];

/** A fake search endpoint: a round trip of 1…maxMs, cut short by the request's signal. */
export class SearchApi {
  started = 0;
  completed = 0;
  aborted = 0;

  constructor(private readonly maxMs = 8) {}

  query(q: string, init: { signal: AbortSignal }): Promise<SearchResult> {
    this.started++;
    const { signal } = init;
    if (signal.aborted) {
      this.aborted++;
      return Promise.reject(abortError());
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        this.completed++;
        resolve({ query: q, hits: CATALOGUE.filter((item) => item.startsWith(q)) });
      }, 1 + Math.floor(Math.random() * this.maxMs));
      const onAbort = () => {
        clearTimeout(timer);
        this.aborted++;
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** Spaces requests at least spacingMs apart; each caller's slot is claimed before it waits. */
export class RateGate {
  private nextAt = 0;

  constructor(private readonly spacingMs = 2) {}

  async pass(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.spacingMs;
    if (at > now) await sleep(at - now);
  }
}

export { sleep };
