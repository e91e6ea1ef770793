import { EventEmitter } from 'node:events';
import { bufferCount, from, fromEvent, lastValueFrom, mergeMap, takeUntil, toArray } from 'rxjs';

export interface Reading {
  device: string;
  seq: number;
  value: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fake ingestion endpoint: each upload takes a few random ms; it tracks overlapping uploads. */
export class TelemetryEndpoint {
  readonly received: Reading[] = [];
  uploads = 0;
  active = 0;
  maxActive = 0;

  async upload(batch: Reading[]): Promise<number> {
    this.uploads++;
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await pause(1 + Math.floor(Math.random() * 6));
      this.received.push(...batch);
      return batch.length;
    } finally {
      this.active--;
    }
  }
}

/**
 * Listens to `reading` events on the sensor bus until `end`, groups them in batches of
 * `batchSize` (the last one may be short) and uploads at most `concurrency` batches at once.
 * Resolves with the sizes of the uploaded batches, in the order the uploads finished.
 */
export function uploadReadings(
  bus: EventEmitter,
  endpoint: TelemetryEndpoint,
  batchSize = 3,
  concurrency = 2,
): Promise<number[]> {
  const readings$ = fromEvent(bus, 'reading') as import('rxjs').Observable<Reading>;
  return lastValueFrom(
    readings$.pipe(
      takeUntil(fromEvent(bus, 'end')),
      bufferCount(batchSize),
      mergeMap((batch) => from(endpoint.upload(batch)), concurrency),
      toArray(),
    ),
  );
}
