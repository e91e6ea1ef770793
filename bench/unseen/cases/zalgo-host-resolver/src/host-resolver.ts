export type LookupCallback = (err: Error | null, address?: string) => void;

export class HostResolver {
  private readonly cache = new Map<string, string>();
  private readonly inflight = new Map<string, LookupCallback[]>();
  queries = 0;

  constructor(
    private readonly zone: Record<string, string>,
    private readonly latencyMs = 2,
  ) {}

  lookup(host: string, cb: LookupCallback): void {
    const cached = this.cache.get(host);
    if (cached !== undefined) return cb(null, cached);
    const waiting = this.inflight.get(host);
    if (waiting) {
      waiting.push(cb);
      return;
    }
    this.inflight.set(host, [cb]);
    this.queries++;
    setTimeout(() => this.answer(host), this.latencyMs);
  }

  private answer(host: string): void {
    const callbacks = this.inflight.get(host) ?? [];
    this.inflight.delete(host);
    const address = this.zone[host];
    if (address !== undefined) this.cache.set(host, address);
    for (const cb of callbacks) address !== undefined ? cb(null, address) : cb(new Error(`ENOTFOUND ${host}`));
  }
}
