/** A fake search service: answers after a few milliseconds, or never while its query is held. */
export class SearchBackend {
  calls: string[] = [];
  aborted = 0;
  readonly held = new Map<string, Promise<void>>();
  failing = new Set<string>();

  constructor(private readonly documents: string[]) {}

  search(query: string, signal?: AbortSignal): Promise<string[]> {
    this.calls.push(query);
    return new Promise<string[]>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        if (timer) clearTimeout(timer);
        this.aborted++;
        reject(signal!.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const answer = () => {
        timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          if (this.failing.has(query)) reject(new Error(`search for "${query}" failed`));
          else resolve(this.documents.filter((d) => d.includes(query)));
        }, 1 + Math.floor(Math.random() * 4));
      };
      const hold = this.held.get(query);
      if (hold) void hold.then(() => signal?.aborted || answer());
      else answer();
    });
  }
}
