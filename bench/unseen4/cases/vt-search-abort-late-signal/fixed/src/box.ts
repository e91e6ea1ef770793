import { isAbort, type SearchResult } from './api';
import type { SearchClient } from './client';

export function normaliseQuery(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Turns what the user typed into a search, or into nothing when it is too short. */
export class Suggestions {
  constructor(private readonly client: SearchClient) {}

  fetch(text: string): Promise<SearchResult | undefined> {
    const q = normaliseQuery(text);
    if (q.length < 2) {
      this.client.cancel();
      return Promise.resolve(undefined);
    }
    return this.client.search(q);
  }
}

/** The search box: shows the suggestions for what was typed last. */
export class SearchBox {
  private result: SearchResult | undefined;
  private failure: string | undefined;
  renders = 0;

  constructor(private readonly suggestions: Suggestions) {}

  async type(text: string): Promise<void> {
    try {
      const result = await this.suggestions.fetch(text);
      this.result = result;
      this.failure = undefined;
      this.renders++;
    } catch (err) {
      if (isAbort(err)) return;
      this.failure = (err as Error).message;
    }
  }

  get showing(): string | undefined {
    return this.result?.query;
  }

  get hits(): string[] {
    return this.result?.hits ?? [];
  }

  get error(): string | undefined {
    return this.failure;
  }
}
