import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OutboxStore } from '../../src/outbox-store.js';
import { FakeBroker } from '../../src/broker.js';
import { OutboxRelay } from '../../src/relay.js';

function setup(n) {
  const store = new OutboxStore();
  for (let i = 1; i <= n; i++) store.add(`invoice.${i}`, { id: i });
  const broker = new FakeBroker();
  return { store, broker, relay: new OutboxRelay(store, broker) };
}

test('a timer flush and a shutdown flush at once publish each message once', async () => {
  const { store, broker, relay } = setup(3);
  await Promise.all([relay.flush(), relay.stop()]);
  assert.deepEqual(broker.topics(), ['invoice.1', 'invoice.2', 'invoice.3']);
  assert.equal(store.count('sent'), 3);
});

test('the counts of overlapping flushes add up to the messages written', async () => {
  const { relay } = setup(4);
  const counts = await Promise.all([relay.flush(), relay.flush(), relay.flush()]);
  assert.equal(counts.reduce((a, b) => a + b, 0), 4);
  assert.equal(relay.relayed, 4);
});

test('messages written during a flush go out with a later flush', async () => {
  const { store, broker, relay } = setup(2);
  const first = relay.flush();
  store.add('invoice.late', { id: 99 });
  await first;
  await relay.flush();
  assert.deepEqual(broker.topics(), ['invoice.1', 'invoice.2', 'invoice.late']);
});

test('handlers writing at once get distinct message ids', async () => {
  const store = new OutboxStore();
  const ids = await Promise.all(['a', 'b', 'c'].map(async (t) => store.add(t, {})));
  assert.deepEqual(new Set(ids).size, 3);
});
