import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Channel, collect, sendAll } from '../../src/channel.ts';
import { WaitMetrics } from '../../src/metrics.ts';

test('items sent before receive are buffered in order', async () => {
  const channel = new Channel<number>(new WaitMetrics());
  sendAll(channel, [1, 2, 3]);
  assert.equal(channel.buffered, 3);
  assert.deepEqual(await collect(channel, 3), [1, 2, 3]);
  assert.equal(channel.buffered, 0);
});

test('a waiting receiver is handed the next item', async () => {
  const metrics = new WaitMetrics();
  const channel = new Channel<string>(metrics);
  const got = channel.receive();
  await new Promise((r) => setTimeout(r, 5));
  channel.send('hello');
  assert.equal(await got, 'hello');
  assert.equal(metrics.waits, 1);
});
