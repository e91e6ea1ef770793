import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp, RedactionPolicy } from '../../src/app';
import { RotatingLog } from '../../src/rotating-log';
import { linesOf, logDir } from '../helpers';

async function setup() {
  const dir = await logDir();
  const path = join(dir, 'access.log');
  const log = new RotatingLog(path, new RedactionPolicy().redactor());
  return { dir, path, log, app: createApp(log) };
}

describe('access log', () => {
  it('logs a request as one JSON line with the token redacted', async () => {
    const { path, log, app } = await setup();
    await app.handle({ method: 'GET', path: '/orders', token: 'secret-1' });
    await log.close();
    const [line] = await linesOf(path);
    expect(line).toMatchObject({ method: 'GET', path: '/orders', status: 200, token: '[redacted]' });
  });

  it('logs unknown routes as 404', async () => {
    const { path, log, app } = await setup();
    const res = await app.handle({ method: 'GET', path: '/nope' });
    await log.close();
    expect(res.status).toBe(404);
    expect((await linesOf(path))[0]).toMatchObject({ path: '/nope', status: 404 });
  });

  it('rotation moves the lines aside and later lines go to a fresh file', async () => {
    const { path, log, app } = await setup();
    await app.handle({ method: 'GET', path: '/health' });
    await app.handle({ method: 'GET', path: '/orders' });
    const { archive, lines } = await app.reopenLogs();
    await app.handle({ method: 'POST', path: '/orders' });
    await log.close();
    expect(archive).toBe(`${path}.1`);
    expect(lines).toBe(2);
    expect((await linesOf(archive)).map((l) => l.path)).toEqual(['/health', '/orders']);
    expect((await linesOf(path)).map((l) => l.method)).toEqual(['POST']);
  });

  it('numbers successive archives', async () => {
    const { path, log, app } = await setup();
    await app.handle({ method: 'GET', path: '/health' });
    await app.reopenLogs();
    await app.handle({ method: 'GET', path: '/orders' });
    const second = await app.reopenLogs();
    await log.close();
    expect(second.archive).toBe(`${path}.2`);
    expect((await linesOf(second.archive)).map((l) => l.path)).toEqual(['/orders']);
  });

  it('sequential requests share one open file', async () => {
    const { log, app } = await setup();
    for (let i = 0; i < 4; i++) await app.handle({ method: 'GET', path: '/health' });
    await log.close();
    expect(log.opens).toBe(1);
  });
});
