import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { Inbox, Link, Outbox, topicsOf } from '../../src/messaging.ts';

const bigOrder = { id: 7, lines: Array.from({ length: 12 }, (_, i) => ({ sku: `sku-${i}`, qty: i + 1 })) };

test('an order event and a small status event published together arrive in publish order', async () => {
  const inbox = new Inbox();
  const outbox = new Outbox(new Link(inbox));
  await Promise.all([outbox.send('order.placed', bigOrder), outbox.send('order.paid', { id: 7 })]);
  await tick();
  assert.deepEqual(topicsOf(inbox.delivered), ['order.placed', 'order.paid']);
});

test('each publisher call gets the sequence number of its call order', async () => {
  const inbox = new Inbox();
  const outbox = new Outbox(new Link(inbox));
  const seqs = await Promise.all([
    outbox.send('a', { note: 'x'.repeat(120) }),
    outbox.send('b', { note: 'y'.repeat(40) }),
    outbox.send('c', {}),
  ]);
  assert.deepEqual(seqs, [1, 2, 3]);
});

test('a burst from several handlers is delivered in the order the events happened', async () => {
  const inbox = new Inbox();
  const outbox = new Outbox(new Link(inbox));
  const sends = [];
  sends.push(outbox.send('cart.created', { id: 9, owner: 'ann@example.com', currency: 'EUR' }));
  sends.push(outbox.send('cart.item-added', bigOrder.lines[0]));
  sends.push(outbox.send('cart.item-added', bigOrder.lines[1]));
  sends.push(outbox.send('cart.checked-out', { id: 9 }));
  await Promise.all(sends);
  await tick();
  assert.deepEqual(topicsOf(inbox.delivered), ['cart.created', 'cart.item-added', 'cart.item-added', 'cart.checked-out']);
  assert.equal(inbox.waiting, 0);
});
