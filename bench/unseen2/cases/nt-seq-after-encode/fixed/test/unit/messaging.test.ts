import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { decode, encode } from '../../src/codec.ts';
import { Inbox, Link, Outbox, topicsOf } from '../../src/messaging.ts';

test('encode and decode round-trip', async () => {
  assert.deepEqual(decode(await encode({ a: [1, 2], b: 'x' })), { a: [1, 2], b: 'x' });
});

test('the inbox holds back early frames until the gap is filled', () => {
  const inbox = new Inbox();
  const p = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
  inbox.accept({ seq: 2, topic: 'b', payload: p(2) });
  inbox.accept({ seq: 3, topic: 'c', payload: p(3) });
  assert.equal(inbox.delivered.length, 0);
  assert.equal(inbox.waiting, 2);
  inbox.accept({ seq: 1, topic: 'a', payload: p(1) });
  inbox.accept({ seq: 2, topic: 'b', payload: p(2) });
  assert.deepEqual(topicsOf(inbox.delivered), ['a', 'b', 'c']);
  assert.equal(inbox.waiting, 0);
});

test('events sent one after another arrive numbered in order', async () => {
  const inbox = new Inbox();
  const outbox = new Outbox(new Link(inbox));
  assert.equal(await outbox.send('cart.created', { id: 7 }), 1);
  assert.equal(await outbox.send('cart.item-added', { id: 7, sku: 'tea', qty: 2, note: 'gift wrapped please' }), 2);
  assert.equal(await outbox.send('cart.checked-out', { id: 7 }), 3);
  await tick();
  assert.deepEqual(topicsOf(inbox.delivered), ['cart.created', 'cart.item-added', 'cart.checked-out']);
  assert.equal(outbox.lastSeq, 3);
});
