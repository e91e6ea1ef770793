import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint } from '../../src/endpoint.ts';
import { Dispatcher } from '../../src/dispatcher.ts';

const d = (id: string) => ({ id, event: 'invoice.sent', data: { id } });

test('many deliveries retrying at once each end with their own outcome', async () => {
  const ep = new Endpoint({ a: 1, b: 3, c: 0, d: 2, e: 9 }, { f: 410 });
  const disp = new Dispatcher(ep, 4);
  const out = await disp.deliverAll(['a', 'b', 'c', 'd', 'e', 'f'].map(d));
  assert.deepEqual(out.map((o) => [o.id, o.ok, o.attempts]), [
    ['a', true, 2],
    ['b', true, 4],
    ['c', true, 1],
    ['d', true, 3],
    ['e', false, 5],
    ['f', false, 1],
  ]);
  assert.deepEqual([...ep.received.keys()].sort(), ['a', 'b', 'c', 'd']);
});

test('each failed attempt is reported once, per delivery in attempt order', async () => {
  const ep = new Endpoint({ x: 2, y: 3 });
  const disp = new Dispatcher(ep);
  await disp.deliverAll([d('x'), d('y')]);
  assert.deepEqual(disp.failedAttempts.filter((s) => s.startsWith('x#')), ['x#1', 'x#2']);
  assert.deepEqual(disp.failedAttempts.filter((s) => s.startsWith('y#')), ['y#1', 'y#2', 'y#3']);
});

test('the same delivery sent twice at once is stored once (idempotent by id)', async () => {
  const ep = new Endpoint({ dup: 1 });
  const disp = new Dispatcher(ep);
  const [first, second] = await disp.deliverAll([d('dup'), d('dup')]);
  assert.ok(first.ok && second.ok);
  assert.equal(ep.received.size, 1);
  assert.ok((ep.attempts.get('dup') ?? 0) >= 2);
});

test('a retried delivery waits at least its backoff, without blocking a healthy one', async () => {
  const ep = new Endpoint({ slow: 3 });
  const disp = new Dispatcher(ep, 4);
  const started = performance.now();
  let healthyAt = 0;
  const healthy = disp.deliver(d('fast')).then((o) => ((healthyAt = performance.now() - started), o));
  const retried = disp.deliver(d('slow')).then((o) => [o, performance.now() - started] as const);
  const [h, [r, retriedAt]] = await Promise.all([healthy, retried]);
  assert.deepEqual([h.ok, h.attempts, r.ok, r.attempts], [true, 1, true, 4]);
  assert.ok(retriedAt >= 2 + 4 + 8, `three backoffs of 2, 4 and 8 ms at least (took ${retriedAt.toFixed(1)} ms)`);
  assert.ok(healthyAt < retriedAt, 'the healthy delivery finished first');
});
