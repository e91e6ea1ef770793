import { setTimeout as sleep } from 'node:timers/promises';

/** A fake geocoding API that records when each request arrived. */
export class GeoApi {
  readonly arrivals: number[] = [];
  private readonly t0 = performance.now();

  async lookup(address: string): Promise<{ lat: number; lon: number }> {
    this.arrivals.push(performance.now() - this.t0);
    await sleep(1);
    if (address.trim() === '') throw new Error('empty address');
    let h = 0;
    for (const ch of address) h = (h * 31 + ch.charCodeAt(0)) % 100000;
    return { lat: (h % 180) - 90, lon: (Math.floor(h / 180) % 360) - 180 };
  }
}
