import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { count, resetMetrics, rotate, setSink, type Report } from '../../src/metrics.ts';
import { createApp, type Request } from '../../src/server.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const total = (reports: Report[]) => reports.reduce((sum, r) => sum + r.total, 0);

let reports: Report[] = [];

beforeEach(() => {
  resetMetrics({ lookupMs: 2 });
  reports = [];
  setSink(async (r) => void reports.push(r));
});

const traffic: Request[] = [
  { method: 'GET', path: '/users/1' },
  { method: 'POST', path: '/orders' },
  { method: 'GET', path: '/users/2' },
  { method: 'GET', path: '/users/7' },
  { method: 'POST', path: '/orders' },
  { method: 'GET', path: '/users/1' },
];

describe('metrics under live traffic', () => {
  it('every request of a busy period is reported once, across rotations', async () => {
    const app = createApp();
    const stop = app.startReporter(5);
    await Promise.all(traffic.map((req) => sleep(Math.floor(Math.random() * 10)).then(() => app.handle(req))));
    await stop();
    assert.equal(total(reports), traffic.length);
  });

  it('a burst with no rotation in flight is counted once each', async () => {
    const app = createApp();
    await Promise.all([...traffic, ...traffic].map((req) => app.handle(req)));
    await rotate();
    assert.equal(reports.length, 1);
    assert.equal(reports[0].counts['http_requests_get{route="/users/:id",status="200"}'], 6);
    assert.equal(reports[0].total, 12);
  });

  it('reports reach a slow sink in window order', async () => {
    setSink(async (r) => {
      await sleep(Math.floor(Math.random() * 4));
      reports.push(r);
    });
    const shipped: Promise<void>[] = [];
    for (let i = 0; i < 4; i++) {
      await Promise.all(Array.from({ length: i + 1 }, () => count('jobs', '/orders', 201)));
      shipped.push(rotate());
    }
    await Promise.all(shipped);
    assert.deepEqual(reports.map((r) => [r.seq, r.total]), [[0, 1], [1, 2], [2, 3], [3, 4]]);
  });
});
