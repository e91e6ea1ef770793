import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeSocket } from '../../src/socket.ts';
import { RpcClient } from '../../src/rpc-client.ts';

const latency: Record<string, number> = { slow: 30, mid: 10, fast: 1, zero: 0 };

test('replies arriving out of order reach their own callers', async () => {
  const c = new RpcClient(new FakeSocket((m) => latency[m] ?? 2));
  await c.ready();
  const results = await Promise.all(['slow', 'fast', 'mid', 'zero', 'fast'].map((m, i) => c.call(m, i)));
  assert.deepEqual(results, ['slow', 'fast', 'mid', 'zero', 'fast'].map((m, i) => ({ method: m, echo: i })));
  assert.equal(c.listeners(), 0, 'every call removed its listeners');
  await c.close();
});

test('calls issued while ready() still waits for open each get their reply', async () => {
  const socket = new FakeSocket(() => 1, 10);
  const c = new RpcClient(socket);
  const [, a, b] = await Promise.all([c.ready(), c.call('a'), c.call('b')]);
  assert.deepEqual([a, b], [{ method: 'a', echo: undefined }, { method: 'b', echo: undefined }]);
  await c.close();
});

test('a socket error rejects every pending call, and only those', async () => {
  const c = new RpcClient(new FakeSocket((m) => (m === 'crash' ? 10 : m === 'late' ? 200 : 1)));
  await c.ready();
  const outcomes = await Promise.allSettled([c.call('early'), c.call('late'), c.call('crash')]);
  assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'rejected', 'rejected']);
  for (const o of outcomes.slice(1)) assert.match(String((o as PromiseRejectedResult).reason), /server crashed/);
  await c.close();
  assert.equal(c.listeners(), 0);
});

test('a monitor subscribed first sees every reply of concurrent calls', async () => {
  const c = new RpcClient(new FakeSocket((m) => latency[m] ?? 2));
  await c.ready();
  const monitor = c.watch(4);
  await Promise.all([c.call('slow'), c.call('fast'), c.call('mid'), c.call('zero')]);
  const seen = await monitor;
  assert.deepEqual(seen.map((f) => f.id).sort(), [1, 2, 3, 4]);
  await c.close();
});
