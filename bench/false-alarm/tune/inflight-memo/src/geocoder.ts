import { PromiseMemo } from './memo.ts';

export interface Point {
  lat: number;
  lon: number;
}

/** The remote geocoding service (mocked with timers). */
export class GeoService {
  requests: string[] = [];
  failNext = false;

  async lookup(address: string): Promise<Point> {
    this.requests.push(address);
    const fail = this.failNext;
    this.failNext = false;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail) throw new Error(`503 while geocoding ${address}`);
    let h = 0;
    for (const ch of address) h = (h * 31 + ch.charCodeAt(0)) % 10_000;
    return { lat: (h % 180) - 90, lon: (h % 360) - 180 };
  }
}

export class GeoCoder {
  private readonly memo: PromiseMemo<string, Point>;

  constructor(private readonly service: GeoService) {
    this.memo = new PromiseMemo((address) => this.service.lookup(address));
  }

  locate(address: string): Promise<Point> {
    return this.memo.get(address.trim().toLowerCase());
  }

  async distanceKm(a: string, b: string): Promise<number> {
    const [p, q] = await Promise.all([this.locate(a), this.locate(b)]);
    return Math.round(Math.hypot(p.lat - q.lat, p.lon - q.lon) * 111);
  }
}
