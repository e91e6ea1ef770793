import { Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GeoResolver } from './geo';

export interface AccessEvent {
  seq: number;
  ip: string;
  method: string;
  path: string;
  status: number;
}

export interface EnrichedEvent extends AccessEvent {
  country: string;
  asn: number;
}

const LINE = /^(\d+\.\d+\.\d+\.\d+) "(GET|POST|PUT|DELETE) ([^ "]+)" (\d{3})$/;

/** Parses access-log lines into events; blank lines are skipped, malformed lines fail the stream. */
export class LineParser extends Transform {
  private seq = 0;

  constructor() {
    super({ objectMode: true });
  }

  _transform(line: string, _enc: BufferEncoding, done: TransformCallback): void {
    const text = line.trim();
    if (!text) return done();
    const m = LINE.exec(text);
    if (!m) return done(new Error(`malformed access-log line: ${text}`));
    done(null, { seq: ++this.seq, ip: m[1], method: m[2], path: m[3], status: Number(m[4]) } satisfies AccessEvent);
  }
}

/** Adds the client's country and network to each event. */
export class GeoEnricher extends Transform {
  enriched = 0;

  constructor(private readonly geo: GeoResolver) {
    super({ objectMode: true });
  }

  _transform(event: AccessEvent, _enc: BufferEncoding, done: TransformCallback): void {
    this.geo.resolve(event.ip).then((record) => {
      this.enriched++;
      done(null, { ...event, country: record.country, asn: record.asn } satisfies EnrichedEvent);
    }, done);
  }
}

/** Reads an access log and returns its events, enriched, in log order. */
export async function ingestAccessLog(lines: Iterable<string> | AsyncIterable<string>, geo: GeoResolver): Promise<EnrichedEvent[]> {
  const out: EnrichedEvent[] = [];
  await pipeline(
    Readable.from(lines),
    new LineParser(),
    new GeoEnricher(geo),
    new Writable({
      objectMode: true,
      write(event: EnrichedEvent, _enc, done) {
        out.push(event);
        done();
      },
    }),
  );
  return out;
}

/** Requests per country, for the traffic dashboard. */
export function countryHistogram(events: EnrichedEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of events) counts[e.country] = (counts[e.country] ?? 0) + 1;
  return counts;
}
