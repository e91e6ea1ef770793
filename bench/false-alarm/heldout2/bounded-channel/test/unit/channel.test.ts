import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Channel } from '../../src/channel.ts';
import { Collector, LogShipper } from '../../src/log-shipper.ts';

test('items come out in the order they went in', async () => {
  const ch = new Channel<number>(3);
  await ch.send(1);
  await ch.send(2);
  await ch.send(3);
  ch.close();
  const got: number[] = [];
  for await (const n of ch) got.push(n);
  assert.deepEqual(got, [1, 2, 3]);
});

test('sending on a closed channel fails', async () => {
  const ch = new Channel<string>(1);
  ch.close();
  await assert.rejects(ch.send('x'), /closed/);
  assert.deepEqual(await ch.receive(), { value: undefined, done: true });
});

test('capacity must be positive', () => {
  assert.throws(() => new Channel(0), RangeError);
});

test('the shipper posts every line, in order', async () => {
  const collector = new Collector();
  const shipper = new LogShipper(collector);
  for (const line of ['a', 'b', 'c', 'd']) await shipper.log(line);
  await shipper.end();
  assert.deepEqual(collector.lines, ['a', 'b', 'c', 'd']);
});
