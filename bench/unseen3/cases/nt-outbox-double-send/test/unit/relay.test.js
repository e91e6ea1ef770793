import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OutboxStore } from '../../src/outbox-store.js';
import { FakeBroker } from '../../src/broker.js';
import { OutboxRelay } from '../../src/relay.js';

test('the store hands out pending rows in insertion order', async () => {
  const store = new OutboxStore();
  assert.equal(store.add('a', 1), 1);
  assert.equal(store.add('b', 2), 2);
  assert.deepEqual((await store.pending(10)).map((r) => r.topic), ['a', 'b']);
  await store.markSent(1);
  assert.deepEqual((await store.pending(10)).map((r) => r.topic), ['b']);
});

test('a flush publishes pending messages in order and marks them sent', async () => {
  const store = new OutboxStore();
  const broker = new FakeBroker();
  store.add('order.placed', { id: 1 });
  store.add('order.paid', { id: 1 });
  const relay = new OutboxRelay(store, broker);
  assert.equal(await relay.flush(), 2);
  assert.deepEqual(broker.topics(), ['order.placed', 'order.paid']);
  assert.equal(store.count('sent'), 2);
  assert.equal(await relay.flush(), 0);
});

test('a flush takes at most one batch', async () => {
  const store = new OutboxStore();
  for (let i = 0; i < 5; i++) store.add(`t${i}`, i);
  const relay = new OutboxRelay(store, new FakeBroker(), { batchSize: 3 });
  assert.equal(await relay.flush(), 3);
  assert.equal(await relay.flush(), 2);
  assert.equal(relay.relayed, 5);
});

test('stopping the background relay drains what is left', async () => {
  const store = new OutboxStore();
  const broker = new FakeBroker();
  const relay = new OutboxRelay(store, broker);
  relay.start(60_000);
  store.add('user.created', { id: 7 });
  assert.equal(await relay.stop(), 1);
  assert.equal(relay.timer, null);
  store.add('user.deleted', { id: 7 });
  assert.equal(await relay.flush(), 1);
  assert.deepEqual(broker.topics(), ['user.created', 'user.deleted']);
});
