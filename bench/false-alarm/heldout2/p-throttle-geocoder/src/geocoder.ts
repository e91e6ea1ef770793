import pThrottle from 'p-throttle';
import { GeoApi } from './geo-api.ts';

export const LIMIT = 2;
export const INTERVAL_MS = 50;

/** Geocodes addresses without exceeding the API's rate; results are cached per address. */
export class Geocoder {
  private readonly controller = new AbortController();
  private readonly throttled: ((address: string) => Promise<{ lat: number; lon: number }>) & { queueSize: number };
  private readonly cache = new Map<string, Promise<{ lat: number; lon: number }>>();

  constructor(readonly api: GeoApi) {
    const throttle = pThrottle({ limit: LIMIT, interval: INTERVAL_MS, signal: this.controller.signal });
    this.throttled = throttle((address: string) => this.api.lookup(address));
  }

  geocode(address: string): Promise<{ lat: number; lon: number }> {
    const key = address.trim().toLowerCase();
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.throttled(key);
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }

  get queued(): number {
    return this.throttled.queueSize;
  }

  /** Rejects every call still waiting for its turn. */
  shutdown(): void {
    this.controller.abort(new Error('geocoder shut down'));
  }
}
