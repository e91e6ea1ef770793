import NodeCache from 'node-cache';
import { RateApi } from './rate-api';

/**
 * Cache-aside in front of the rate API. A miss starts one load and registers it synchronously,
 * so concurrent callers for the same pair join it. `invalidate` bumps the pair's generation: a
 * load that started before it does not put its (stale) answer into the cache.
 */
export class RateCache {
  readonly cache: NodeCache;
  private readonly loading = new Map<string, Promise<number>>();
  private readonly generation = new Map<string, number>();
  readonly events: string[] = [];

  constructor(private readonly api: RateApi, ttlSeconds = 600) {
    this.cache = new NodeCache({ stdTTL: ttlSeconds, checkperiod: 0, useClones: false });
    this.cache.on('set', (key: string) => this.events.push(`set ${key}`));
    this.cache.on('del', (key: string) => this.events.push(`del ${key}`));
    this.cache.on('expired', (key: string) => this.events.push(`expired ${key}`));
  }

  rate(pair: string): Promise<number> {
    const cached = this.cache.get<number>(pair);
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = this.loading.get(pair);
    if (inFlight) return inFlight;
    const gen = this.generation.get(pair) ?? 0;
    const load = this.api.lookup(pair).then(
      (value) => {
        if ((this.generation.get(pair) ?? 0) === gen) this.cache.set(pair, value);
        return value;
      },
    ).finally(() => {
      if (this.loading.get(pair) === load) this.loading.delete(pair);
    });
    this.loading.set(pair, load);
    return load;
  }

  async convert(amount: number, pair: string): Promise<number> {
    return Math.round(amount * (await this.rate(pair)) * 100) / 100;
  }

  invalidate(pair: string): void {
    this.generation.set(pair, (this.generation.get(pair) ?? 0) + 1);
    this.loading.delete(pair);
    this.cache.del(pair);
  }

  close(): void {
    this.cache.close();
  }
}
