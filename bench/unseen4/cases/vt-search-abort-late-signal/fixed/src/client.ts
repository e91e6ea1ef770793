import { RateGate, SearchApi, abortError, type SearchResult } from './api';

/** Sends searches; a new search aborts the one before it. */
export class SearchClient {
  private controller: AbortController | undefined;

  constructor(
    private readonly api: SearchApi,
    private readonly gate = new RateGate(),
  ) {}

  async search(q: string): Promise<SearchResult> {
    const controller = new AbortController();
    this.controller?.abort();
    this.controller = controller;
    await this.gate.pass();
    if (controller.signal.aborted) throw abortError();
    return this.api.query(q, { signal: controller.signal });
  }

  /** Aborts whatever search is in flight. */
  cancel(): void {
    this.controller?.abort();
  }
}
