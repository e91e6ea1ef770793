import { describe, expect, it } from 'vitest';
import { FakeGeoService, GeoResolver } from '../../src/geo';
import { countryHistogram, ingestAccessLog } from '../../src/ingest';

const ips = ['81.20.1.1', '92.40.2.2', '151.1.3.3', '203.7.4.4', '81.20.1.1', '10.0.0.5', '92.40.2.2', '151.1.3.3'];
const log = ips.map((ip, i) => `${ip} "${i % 3 === 0 ? 'POST' : 'GET'} /page/${i}" ${i % 4 === 3 ? 404 : 200}`);

describe('ingesting an access log', () => {
  it('keeps every event, enriched, in log order', async () => {
    const events = await ingestAccessLog(log, new GeoResolver(new FakeGeoService()));
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events.map((e) => e.path)).toEqual(ips.map((_, i) => `/page/${i}`));
  });

  it('the traffic dashboard counts every request', async () => {
    const events = await ingestAccessLog(log, new GeoResolver(new FakeGeoService()));
    expect(countryHistogram(events)).toEqual({ NL: 2, FR: 2, IT: 2, AU: 1, ZZ: 1 });
  });

  it('concurrent lookups of one address share one request', async () => {
    const service = new FakeGeoService();
    const geo = new GeoResolver(service);
    const records = await Promise.all([1, 2, 3, 4, 5].map(() => geo.resolve('203.7.4.4')));
    expect(records.every((r) => r.country === 'AU')).toBe(true);
    expect(service.requests).toBe(1);
  });

  it('concurrent lookups of many addresses each resolve once', async () => {
    const service = new FakeGeoService();
    const geo = new GeoResolver(service);
    const records = await Promise.all([...ips, ...ips].map((ip) => geo.resolve(ip)));
    expect(records.map((r) => r.country)).toEqual([...ips, ...ips].map((ip) => ({ '81': 'NL', '92': 'FR', '151': 'IT', '203': 'AU', '10': 'ZZ' })[ip.split('.')[0]]));
    expect(service.requests).toBe(new Set(ips).size);
  });

  it('a malformed line fails the ingest', async () => {
    await expect(ingestAccessLog([log[0], 'not a log line', log[1]], new GeoResolver(new FakeGeoService()))).rejects.toThrow('malformed');
  });
});
