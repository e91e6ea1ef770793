import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint } from '../../src/endpoint.ts';
import { Dispatcher } from '../../src/dispatcher.ts';

const d = (id: string) => ({ id, event: 'order.paid', data: { id } });

test('a healthy endpoint gets the webhook on the first attempt', async () => {
  const ep = new Endpoint();
  assert.deepEqual(await new Dispatcher(ep).deliver(d('w1')), { id: 'w1', ok: true, attempts: 1 });
  assert.deepEqual(ep.received.get('w1'), { event: 'order.paid', data: { id: 'w1' } });
});

test('two 503s are retried', async () => {
  const ep = new Endpoint({ w1: 2 });
  const disp = new Dispatcher(ep);
  assert.deepEqual(await disp.deliver(d('w1')), { id: 'w1', ok: true, attempts: 3 });
  assert.deepEqual(disp.failedAttempts, ['w1#1', 'w1#2']);
});

test('a 404 is not retried', async () => {
  const ep = new Endpoint({}, { w1: 404 });
  const out = await new Dispatcher(ep).deliver(d('w1'));
  assert.equal(out.ok, false);
  assert.equal(out.attempts, 1);
  assert.match(out.error ?? '', /404/);
});

test('giving up after the last retry', async () => {
  const ep = new Endpoint({ w1: 10 });
  const out = await new Dispatcher(ep, 2).deliver(d('w1'));
  assert.deepEqual([out.ok, out.attempts], [false, 3]);
});
