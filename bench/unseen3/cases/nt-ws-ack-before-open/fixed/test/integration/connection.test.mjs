import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChannelStore } from '../../src/channel-store.mjs';
import { FakeSocket, attach } from '../../src/connection.mjs';
import { framesSent } from '../helpers.mjs';

/** The client's next frame, a moment after the previous one. */
const pause = () => sleep(Math.floor(Math.random() * 8));

test('a client that publishes right after opening gets its ack', async () => {
  const socket = new FakeSocket();
  const store = new ChannelStore();
  attach(socket, store);
  socket.receive({ type: 'open', channel: 'c1', topic: 'prices' });
  await pause();
  socket.receive({ type: 'publish', channel: 'c1', seq: 1, payload: 'EUR 1.08' });
  const frames = await framesSent(socket, 2);
  assert.deepEqual(frames.map((f) => f.type), ['opened', 'ack']);
  assert.deepEqual(store.items('c1'), ['EUR 1.08']);
});

test('two clients on their own connections do not disturb each other', async () => {
  const store = new ChannelStore(() => 1);
  const a = new FakeSocket();
  const b = new FakeSocket();
  attach(a, store);
  attach(b, store);
  a.receive({ type: 'open', channel: 'a1', topic: 'x' });
  b.receive({ type: 'open', channel: 'b1', topic: 'y' });
  await Promise.all([framesSent(a, 1), framesSent(b, 1)]);
  a.receive({ type: 'publish', channel: 'a1', seq: 1, payload: 1 });
  b.receive({ type: 'publish', channel: 'b1', seq: 1, payload: 2 });
  await Promise.all([framesSent(a, 2), framesSent(b, 2)]);
  assert.deepEqual([store.items('a1'), store.items('b1')], [[1], [2]]);
});

test('a burst of frames from one client is served in the order it was sent', async () => {
  const socket = new FakeSocket();
  const store = new ChannelStore();
  const session = attach(socket, store);
  socket.receive({ type: 'open', channel: 'c1', topic: 'prices' });
  socket.receive({ type: 'open', channel: 'c2', topic: 'news' });
  await pause();
  socket.receive({ type: 'publish', channel: 'c2', seq: 1, payload: 'headline' });
  await framesSent(socket, 3);
  assert.equal(socket.sent.filter((f) => f.type === 'error').length, 0);
  assert.deepEqual(store.items('c2'), ['headline']);
  assert.deepEqual(session.openChannels().sort(), ['c1', 'c2']);
});
