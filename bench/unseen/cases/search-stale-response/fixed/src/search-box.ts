import type { SearchBackend } from './backend.ts';

export function normalizeQuery(text: string): string {
  return text.trim().toLowerCase();
}

export function rank(hits: string[], query: string): string[] {
  return [...hits].sort((a, b) => a.length - b.length || a.localeCompare(b)).filter((h) => h.startsWith(query));
}

export class SearchBox {
  results: string[] = [];
  shownFor = '';
  private timer: NodeJS.Timeout | undefined;
  private latest = 0;

  constructor(
    private readonly backend: SearchBackend,
    private readonly debounceMs = 5,
  ) {}

  type(text: string): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runQuery(text), this.debounceMs);
  }

  async runQuery(text: string): Promise<void> {
    const query = normalizeQuery(text);
    const ticket = ++this.latest;
    if (query === '') {
      this.results = [];
      this.shownFor = text;
      return;
    }
    const hits = await this.backend.search(query);
    if (ticket !== this.latest) return;
    this.results = rank(hits, query).slice(0, 5);
    this.shownFor = text;
  }
}
