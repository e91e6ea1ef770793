import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { concatMap, exhaustMap, from, lastValueFrom, Observable, Subject, switchMap, tap, toArray } from 'rxjs';
import type { Reading } from './uploader';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Appends one line per reading to `<dir>/<device>.log`. concatMap starts the next append only
 * when the previous one has finished, so the lines are in the order the readings came.
 */
export function writeDeviceLogs(dir: string, readings: Observable<Reading>): Promise<string[]> {
  return lastValueFrom(
    readings.pipe(
      concatMap(async (r) => {
        await pause(Math.floor(Math.random() * 3));
        const file = join(dir, `${r.device}.log`);
        await appendFile(file, `${r.seq} ${r.value}\n`);
        return `${r.device}#${r.seq}`;
      }),
      toArray(),
    ),
  );
}

/** A dashboard: clicks while a refresh is running are ignored (exhaustMap). */
export class Dashboard {
  readonly clicks = new Subject<void>();
  refreshes = 0;
  readonly results: number[] = [];

  constructor(load: () => Promise<number>) {
    this.clicks
      .pipe(
        exhaustMap(() => {
          this.refreshes++;
          return from(load());
        }),
      )
      .subscribe((n) => this.results.push(n));
  }
}

/** A search box: only the answer to the latest query is shown (switchMap). */
export function searchBox(queries: Subject<string>, search: (q: string) => Promise<string[]>, shown: string[][]) {
  let asked = 0;
  const sub = queries
    .pipe(
      tap(() => asked++),
      switchMap((q) => from(search(q))),
    )
    .subscribe((hits) => shown.push(hits));
  return { asked: () => asked, stop: () => sub.unsubscribe() };
}
