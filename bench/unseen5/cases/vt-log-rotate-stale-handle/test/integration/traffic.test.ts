import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp, RedactionPolicy } from '../../src/app';
import { RotatingLog } from '../../src/rotating-log';
import { allLines, linesOf, logDir, sleep } from '../helpers';

async function setup() {
  const dir = await logDir();
  const path = join(dir, 'access.log');
  const log = new RotatingLog(path, new RedactionPolicy().redactor());
  return { dir, path, log, app: createApp(log) };
}

const request = (i: number) => ({ method: 'GET', path: i % 3 === 0 ? '/health' : '/orders', token: `t${i}` });

describe('access log under traffic', () => {
  it('concurrent requests are each logged once', async () => {
    const { dir, log, app } = await setup();
    await Promise.all(Array.from({ length: 20 }, (_, i) => app.handle(request(i))));
    await log.close();
    const lines = await allLines(dir);
    expect(lines).toHaveLength(20);
    expect(lines.every((l) => l.token === '[redacted]')).toBe(true);
  });

  it('the first requests arriving together open the file once', async () => {
    const { log, app } = await setup();
    await Promise.all([1, 2, 3, 4, 5].map((i) => app.handle(request(i))));
    await log.close();
    expect(log.opens).toBe(1);
  });

  it('two rotations requested at once make two archives', async () => {
    const { path, log, app } = await setup();
    await app.handle(request(1));
    const [a, b] = await Promise.all([app.reopenLogs(), app.reopenLogs()]);
    await log.close();
    expect([a.archive, b.archive]).toEqual([`${path}.1`, `${path}.2`]);
    expect(await linesOf(a.archive)).toHaveLength(1);
    expect(await linesOf(b.archive)).toHaveLength(0);
  });

  it('a rotation in the middle of traffic loses no line', async () => {
    const { dir, log, app } = await setup();
    await app.handle(request(0));
    const results = await Promise.allSettled([
      ...Array.from({ length: 16 }, async (_, i) => {
        await sleep(Math.random() * 10);
        return app.handle(request(i + 1));
      }),
      (async () => {
        await sleep(4);
        return app.reopenLogs();
      })(),
    ]);
    await log.close();
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    expect(await allLines(dir)).toHaveLength(17);
  });
});
