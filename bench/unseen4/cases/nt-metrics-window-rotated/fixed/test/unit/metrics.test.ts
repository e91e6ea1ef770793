import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { count, pendingCounts, resetMetrics, rotate, setSink, type Report } from '../../src/metrics.ts';
import { createApp } from '../../src/server.ts';

let reports: Report[] = [];

beforeEach(() => {
  resetMetrics();
  reports = [];
  setSink(async (r) => void reports.push(r));
});

describe('metrics', () => {
  it('counts requests by route template and status', async () => {
    const app = createApp();
    await app.handle({ method: 'GET', path: '/users/1' });
    await app.handle({ method: 'GET', path: '/users/2' });
    await app.handle({ method: 'GET', path: '/users/9' });
    await rotate();
    assert.deepEqual(reports[0].counts, {
      'http_requests_get{route="/users/:id",status="200"}': 2,
      'http_requests_get{route="/users/:id",status="404"}': 1,
    });
    assert.equal(reports[0].total, 3);
  });

  it('an unknown path is counted as unmatched', async () => {
    const app = createApp();
    const res = await app.handle({ method: 'GET', path: '/nope' });
    assert.equal(res.status, 404);
    await rotate();
    assert.deepEqual(Object.keys(reports[0].counts), ['http_requests_get{route="unmatched",status="404"}']);
  });

  it('each rotation starts an empty window with the next number', async () => {
    await count('jobs', '/orders', 201);
    assert.equal(pendingCounts(), 1);
    await rotate();
    assert.equal(pendingCounts(), 0);
    await rotate();
    assert.deepEqual(reports.map((r) => [r.seq, r.total]), [[0, 1], [1, 0]]);
  });

  it('posting orders answers with the new order', async () => {
    const app = createApp();
    assert.equal((await app.handle({ method: 'POST', path: '/orders' })).body, 'order-1');
    assert.equal((await app.handle({ method: 'POST', path: '/orders' })).body, 'order-2');
    assert.deepEqual(app.orders, ['order-1', 'order-2']);
  });

  it('the reporter ships the last window when stopped', async () => {
    const app = createApp();
    const stop = app.startReporter(1000);
    await app.handle({ method: 'POST', path: '/orders' });
    await stop();
    assert.equal(reports.length, 1);
    assert.equal(reports[0].counts['http_requests_post{route="/orders",status="201"}'], 1);
  });
});
