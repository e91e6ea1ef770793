import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { of, Subject } from 'rxjs';
import { describe, expect, test } from 'vitest';
import { Dashboard, searchBox, writeDeviceLogs } from '../../src/device-log';
import { TelemetryEndpoint, uploadReadings } from '../../src/uploader';

describe('telemetry, one thing at a time', () => {
  test('one upload of a single batch', async () => {
    const bus = new EventEmitter();
    const endpoint = new TelemetryEndpoint();
    const done = uploadReadings(bus, endpoint);
    bus.emit('reading', { device: 'd1', seq: 1, value: 20 });
    bus.emit('end');
    expect(await done).toEqual([1]);
    expect(endpoint.received).toEqual([{ device: 'd1', seq: 1, value: 20 }]);
  });

  test('writes a device log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rx-unit-'));
    try {
      const ids = await writeDeviceLogs(dir, of({ device: 'd7', seq: 1, value: 3 }, { device: 'd7', seq: 2, value: 4 }));
      expect(ids).toEqual(['d7#1', 'd7#2']);
      expect(await readFile(join(dir, 'd7.log'), 'utf8')).toBe('1 3\n2 4\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a click refreshes the dashboard', async () => {
    let n = 0;
    const dash = new Dashboard(async () => ++n);
    dash.clicks.next();
    await new Promise((r) => setTimeout(r, 5));
    expect(dash.results).toEqual([1]);
  });

  test('a query shows its hits', async () => {
    const queries = new Subject<string>();
    const shown: string[][] = [];
    const box = searchBox(queries, async (q) => [`${q}-1`], shown);
    queries.next('rx');
    await new Promise((r) => setTimeout(r, 5));
    expect(shown).toEqual([['rx-1']]);
    box.stop();
  });
});
