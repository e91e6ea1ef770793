import { RateGate, SearchApi, abortError, type SearchResult } from './api';

/** Sends searches; a new search aborts the one before it. */
export class SearchClient {
  private controller: AbortController | undefined;

  constructor(
    private readonly api: SearchApi,
    private readonly gate = new RateGate(),
  ) {}

  async search(q: string): Promise<SearchResult> {
    this.controller?.abort();
    this.controller = new AbortController();
    await this.gate.pass();
    if (this.controller.signal.aborted) throw abortError();
    return this.api.query(q, { signal: this.controller.signal });
  }

  /** Aborts whatever search is in flight. */
  cancel(): void {
    this.controller?.abort();
  }
}
