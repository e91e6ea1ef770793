import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeTransport } from '../../src/transport.ts';
import { ApiClient, TimeoutError } from '../../src/api-client.ts';

const routes = {
  '/users': { body: '[{"id":1},{"id":2}]', latencyMs: 30 },
  '/health': { body: 'ok', latencyMs: 25 },
  '/report': { body: '{"rows":3}', latencyMs: 300 },
};

test('a report with a short deadline times out while a user list loads beside it', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  const [report, users] = await Promise.allSettled([
    client.get('/report', { timeoutMs: 15 }),
    client.getJson<{ id: number }[]>('/users', { timeoutMs: 10_000 }),
  ]);
  assert.equal(report.status, 'rejected');
  assert.ok(report.status === 'rejected' && report.reason instanceof TimeoutError);
  assert.deepEqual(users, { status: 'fulfilled', value: [{ id: 1 }, { id: 2 }] });
});

test('a dashboard loads three panels at once, one of them too slow', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  const results = await Promise.allSettled([
    client.get('/health', { timeoutMs: 10_000 }),
    client.get('/report', { timeoutMs: 20 }),
    client.get('/users', { timeoutMs: 10_000, query: { page: '1' } }),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.equal(client.timeouts, 1);
});

test('requests without a tight deadline all succeed together', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  const bodies = await Promise.all([client.get('/health'), client.get('/users'), client.get('/health')]);
  assert.deepEqual(bodies, ['ok', '[{"id":1},{"id":2}]', 'ok']);
});
