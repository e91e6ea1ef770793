import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelStore } from '../../src/channel-store.mjs';
import { FakeSocket, attach, parseFrame } from '../../src/connection.mjs';
import { framesSent } from '../helpers.mjs';

test('frames are parsed and checked', () => {
  assert.deepEqual(parseFrame('{"type":"open","channel":"c1","topic":"news"}'), { type: 'open', channel: 'c1', topic: 'news' });
  assert.throws(() => parseFrame('{"type":"shout","channel":"c1"}'), /unknown frame type/);
  assert.throws(() => parseFrame('{"type":"open"}'), /without a channel/);
});

test('open, publish and close, one frame at a time', async () => {
  const socket = new FakeSocket();
  const store = new ChannelStore();
  const session = attach(socket, store);
  socket.receive({ type: 'open', channel: 'c1', topic: 'news' });
  await framesSent(socket, 1);
  socket.receive({ type: 'publish', channel: 'c1', seq: 1, payload: 'hello' });
  await framesSent(socket, 2);
  assert.deepEqual(session.openChannels(), ['c1']);
  socket.receive({ type: 'close', channel: 'c1' });
  await framesSent(socket, 3);
  assert.deepEqual(socket.sent.map((f) => f.type), ['opened', 'ack', 'closed']);
  assert.deepEqual(store.items('c1'), ['hello']);
  assert.deepEqual(session.openChannels(), []);
});

test('publishing on a channel that was never opened is an error', async () => {
  const socket = new FakeSocket();
  attach(socket, new ChannelStore());
  socket.receive({ type: 'publish', channel: 'nope', seq: 1, payload: 'x' });
  const [frame] = await framesSent(socket, 1);
  assert.deepEqual(frame, { type: 'error', message: 'channel nope is not open' });
});

test('a malformed frame gets an error and the connection goes on', async () => {
  const socket = new FakeSocket();
  attach(socket, new ChannelStore());
  socket.emit('message', '{"type":"dance","channel":"c"}');
  socket.receive({ type: 'open', channel: 'c2', topic: 'sport' });
  await framesSent(socket, 2);
  assert.deepEqual(socket.sent.map((f) => f.type), ['error', 'opened']);
});
