import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { pushable } from 'it-pushable';
import { Row, SlowSink } from './sink.js';

/** Writes a row, first waiting for 'drain' while the sink's buffer is full (re-checked after each wake-up). */
export async function send(sink: SlowSink, row: Row): Promise<number> {
  let waits = 0;
  while (sink.writableNeedDrain) {
    waits++;
    await once(sink, 'drain');
  }
  sink.put(row);
  return waits;
}

export interface Event {
  source: string;
  seq: number;
  text: string;
}

/**
 * Two queues: producers `submit` into an inbound it-pushable (and wait for it to empty when it
 * holds `inboundLimit` or more); one worker takes events in order, enriches them (async) and sends
 * them to the sink with backpressure. `close()` ends the inbound queue, waits for the worker, then
 * ends the sink and waits until every row is stored.
 */
export class Pipeline {
  readonly inbound = pushable<Event>({ objectMode: true });
  readonly failed: string[] = [];
  producerWaits = 0;
  drainWaits = 0;
  private readonly worker: Promise<void>;

  constructor(readonly sink: SlowSink, readonly inboundLimit = 8) {
    this.worker = this.work();
  }

  async submit(event: Event): Promise<void> {
    this.inbound.push(event);
    if (this.inbound.readableLength >= this.inboundLimit) {
      this.producerWaits++;
      await this.inbound.onEmpty();
    }
  }

  async close(): Promise<Row[]> {
    this.inbound.end();
    await this.worker;
    this.sink.end();
    await finished(this.sink);
    return this.sink.rows;
  }

  private async work(): Promise<void> {
    for await (const event of this.inbound) {
      try {
        const row = await enrich(event);
        this.drainWaits += await send(this.sink, row);
      } catch (err) {
        this.failed.push(`${event.source}#${event.seq}: ${(err as Error).message}`);
      }
    }
  }
}

async function enrich(event: Event): Promise<Row> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (event.text.includes('\u0000')) throw new Error('binary payload');
  return { source: event.source, seq: event.seq, body: event.text.trim().toLowerCase() };
}
