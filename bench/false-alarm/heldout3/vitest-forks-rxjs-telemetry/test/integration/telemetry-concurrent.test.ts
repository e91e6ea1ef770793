import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { map, merge, Subject, take, timer } from 'rxjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Dashboard, searchBox, writeDeviceLogs } from '../../src/device-log';
import { Reading, TelemetryEndpoint, uploadReadings } from '../../src/uploader';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rx-telemetry-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('telemetry under concurrent work', () => {
  test('eleven readings in one burst: four uploads, two in flight at the peak, never three', async () => {
    const bus = new EventEmitter();
    const endpoint = new TelemetryEndpoint();
    const done = uploadReadings(bus, endpoint, 3, 2);
    for (let seq = 1; seq <= 11; seq++) bus.emit('reading', { device: `d${seq % 2}`, seq, value: seq * 10 });
    bus.emit('end');
    const sizes = await done;
    expect(sizes.slice().sort()).toEqual([2, 3, 3, 3]);
    expect(endpoint.uploads).toBe(4);
    expect(endpoint.maxActive).toBe(2);
    expect(endpoint.received.map((r) => r.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test('readings from three sensors at random moments are each uploaded exactly once', async () => {
    const bus = new EventEmitter();
    const endpoint = new TelemetryEndpoint();
    const done = uploadReadings(bus, endpoint, 4, 2);
    await Promise.all(
      ['s1', 's2', 's3'].map(async (device) => {
        for (let seq = 1; seq <= 6; seq++) {
          await pause(Math.floor(Math.random() * 3));
          bus.emit('reading', { device, seq, value: seq });
        }
      }),
    );
    bus.emit('end');
    const sizes = await done;
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(18);
    expect(endpoint.maxActive).toBeLessThanOrEqual(2);
    const ids = endpoint.received.map((r) => `${r.device}#${r.seq}`);
    expect(new Set(ids).size).toBe(18);
  });

  test('two devices logging at interleaved moments: each file has its lines in order', async () => {
    const stream = (device: string, n: number) =>
      timer(0, 1).pipe(map((i): Reading => ({ device, seq: i + 1, value: (i + 1) * 7 })));
    const ids = await writeDeviceLogs(dir, merge(stream('alpha', 8).pipe(take(8)), stream('beta', 6).pipe(take(6))));
    expect(ids).toHaveLength(14);
    expect(ids.filter((id) => id.startsWith('alpha#'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((s) => `alpha#${s}`));
    const alpha = (await readFile(join(dir, 'alpha.log'), 'utf8')).trim().split('\n');
    const beta = (await readFile(join(dir, 'beta.log'), 'utf8')).trim().split('\n');
    expect(alpha.map((l) => Number(l.split(' ')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(beta).toEqual(['1 7', '2 14', '3 21', '4 28', '5 35', '6 42']);
  });

  test('a burst of clicks during a refresh starts one refresh; a click after it starts another', async () => {
    let loads = 0;
    const dash = new Dashboard(async () => {
      const n = ++loads;
      await pause(2 + Math.floor(Math.random() * 4));
      return n;
    });
    for (let i = 0; i < 5; i++) dash.clicks.next();
    await pause(30);
    while (dash.results.length < 1) await pause(5);
    expect(dash.refreshes).toBe(1);
    dash.clicks.next();
    while (dash.results.length < 2) await pause(5);
    expect(dash.results).toEqual([1, 2]);
    expect(loads).toBe(2);
  });

  test('typing fast: only the hits of the last query are shown, though every query was sent', async () => {
    const queries = new Subject<string>();
    const shown: string[][] = [];
    let sent = 0;
    const box = searchBox(queries, async (q) => {
      sent++;
      await pause(1 + Math.floor(Math.random() * 5));
      return [`${q}:1`, `${q}:2`];
    }, shown);
    for (const q of ['r', 'rx', 'rxj', 'rxjs']) queries.next(q);
    while (shown.length < 1) await pause(5);
    await pause(20);
    expect(shown).toEqual([['rxjs:1', 'rxjs:2']]);
    expect([box.asked(), sent]).toEqual([4, 4]);
    box.stop();
  });
});
