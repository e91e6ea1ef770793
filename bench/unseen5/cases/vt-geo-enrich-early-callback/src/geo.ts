const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface GeoRecord {
  country: string;
  asn: number;
}

/** A fake GeoIP HTTP service: each lookup is a round trip of a few milliseconds. */
export class FakeGeoService {
  requests = 0;
  private readonly table: Array<[string, GeoRecord]> = [
    ['10.', { country: 'ZZ', asn: 0 }],
    ['81.', { country: 'NL', asn: 1136 }],
    ['92.', { country: 'FR', asn: 3215 }],
    ['151.', { country: 'IT', asn: 3269 }],
    ['203.', { country: 'AU', asn: 1221 }],
  ];

  constructor(private readonly latency: [number, number] = [1, 6]) {}

  async lookup(ip: string): Promise<GeoRecord> {
    this.requests++;
    const [min, max] = this.latency;
    await delay(min + Math.floor(Math.random() * (max - min + 1)));
    const hit = this.table.find(([prefix]) => ip.startsWith(prefix));
    return hit ? { ...hit[1] } : { country: '??', asn: -1 };
  }
}

/** Caches lookups per address; concurrent lookups of one address share a single request. */
export class GeoResolver {
  private readonly cache = new Map<string, GeoRecord>();
  private readonly inflight = new Map<string, Promise<GeoRecord>>();

  constructor(private readonly service: FakeGeoService) {}

  resolve(ip: string): Promise<GeoRecord> {
    const cached = this.cache.get(ip);
    if (cached) return Promise.resolve(cached);
    let pending = this.inflight.get(ip);
    if (!pending) {
      pending = this.service.lookup(ip).then(
        (record) => {
          this.cache.set(ip, record);
          this.inflight.delete(ip);
          return record;
        },
        (err) => {
          this.inflight.delete(ip);
          throw err;
        },
      );
      this.inflight.set(ip, pending);
    }
    return pending;
  }

  get cached(): number {
    return this.cache.size;
  }
}
