import QuickLRU from 'quick-lru';
import { SearchBackend } from './search-backend.js';

export interface Shown {
  query: string;
  hits: string[];
}

/**
 * The results pane of a search box. Every keystroke aborts the request of the keystroke before,
 * and an answer is shown only if its request was not aborted meanwhile (checked after the await),
 * so the pane never goes back to an older query. Answers are kept in a small LRU.
 */
export class SearchBox {
  private controller: AbortController | undefined;
  private readonly answers = new QuickLRU<string, string[]>({ maxSize: 20 });
  shown: Shown | undefined;
  readonly history: string[] = [];

  constructor(private readonly backend: SearchBackend) {}

  async type(query: string): Promise<'shown' | 'superseded'> {
    this.controller?.abort(new Error(`superseded by "${query}"`));
    const controller = new AbortController();
    this.controller = controller;
    const known = this.answers.get(query);
    if (known) {
      this.show(query, known);
      return 'shown';
    }
    try {
      const hits = await this.backend.search(query, controller.signal);
      if (controller.signal.aborted) return 'superseded';
      this.answers.set(query, hits);
      this.show(query, hits);
      return 'shown';
    } catch (err) {
      if (controller.signal.aborted) return 'superseded';
      throw err;
    }
  }

  private show(query: string, hits: string[]): void {
    this.shown = { query, hits };
    this.history.push(query);
  }
}
