/** A fake supplier API: answers after `latency` ms unless the signal aborts first. */
export class Supplier {
  open = 0;
  aborted = 0;
  completed = 0;
  readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly name: string, private readonly latency: Record<string, number>, private readonly prices: Record<string, number>) {}

  quote(sku: string, signal?: AbortSignal): Promise<number> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.open++;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        signal?.removeEventListener('abort', onAbort);
        this.open--;
        this.completed++;
        if (!(sku in this.prices)) reject(new Error(`${this.name}: unknown sku ${sku}`));
        else resolve(this.prices[sku]);
      }, this.latency[sku] ?? 5);
      this.timers.add(timer);
      const onAbort = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.open--;
        this.aborted++;
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
