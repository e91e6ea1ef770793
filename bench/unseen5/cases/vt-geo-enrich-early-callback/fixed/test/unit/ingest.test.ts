import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FakeGeoService, GeoResolver } from '../../src/geo';
import { countryHistogram, GeoEnricher, LineParser, type AccessEvent, type EnrichedEvent } from '../../src/ingest';

async function parse(lines: string[]): Promise<AccessEvent[]> {
  const out: AccessEvent[] = [];
  await pipeline(
    Readable.from(lines),
    new LineParser(),
    new Writable({ objectMode: true, write: (e: AccessEvent, _enc, done) => (out.push(e), done()) }),
  );
  return out;
}

describe('access-log ingest, piece by piece', () => {
  it('parses lines and skips blank ones', async () => {
    const events = await parse(['81.2.3.4 "GET /" 200', '  ', '92.1.1.1 "POST /login" 302']);
    expect(events).toEqual([
      { seq: 1, ip: '81.2.3.4', method: 'GET', path: '/', status: 200 },
      { seq: 2, ip: '92.1.1.1', method: 'POST', path: '/login', status: 302 },
    ]);
  });

  it('fails on a malformed line', async () => {
    await expect(parse(['81.2.3.4 "GET /" 200', 'garbage'])).rejects.toThrow('malformed access-log line: garbage');
  });

  it('resolves an address once and then from the cache', async () => {
    const service = new FakeGeoService();
    const geo = new GeoResolver(service);
    expect(await geo.resolve('151.9.9.9')).toEqual({ country: 'IT', asn: 3269 });
    expect(await geo.resolve('151.9.9.9')).toEqual({ country: 'IT', asn: 3269 });
    expect(await geo.resolve('8.8.8.8')).toEqual({ country: '??', asn: -1 });
    expect(service.requests).toBe(2);
  });

  it('enriches an event with its country', async () => {
    const enricher = new GeoEnricher(new GeoResolver(new FakeGeoService()));
    enricher.write({ seq: 1, ip: '203.0.113.7', method: 'GET', path: '/a', status: 200 });
    const [event] = (await once(enricher, 'data')) as [EnrichedEvent];
    expect(event).toMatchObject({ seq: 1, country: 'AU', asn: 1221 });
    enricher.destroy();
  });

  it('counts requests per country', () => {
    const base = { seq: 0, ip: '', method: 'GET', path: '/', status: 200, asn: 0 };
    expect(countryHistogram([{ ...base, country: 'NL' }, { ...base, country: 'FR' }, { ...base, country: 'NL' }])).toEqual({ NL: 2, FR: 1 });
  });
});
