import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Channel } from '../../src/channel.ts';
import { Collector, LogShipper } from '../../src/log-shipper.ts';

test('a fast producer waits when the buffer is full; nothing is lost or reordered', async () => {
  const ch = new Channel<number>(2);
  const received: number[] = [];
  const consumer = (async () => {
    for await (const n of ch) {
      received.push(n);
      await sleep(1);
    }
  })();
  const producer = (async () => {
    for (let i = 0; i < 10; i++) await ch.send(i);
    ch.close();
  })();
  await Promise.all([producer, consumer]);
  assert.deepEqual(received, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.ok(ch.highWater <= 2, `never more than the capacity buffered (saw ${ch.highWater})`);
  assert.ok(ch.blockedSends > 0, 'the producer had to wait at least once');
});

test('several producers, one consumer: every item arrives once, each producer in its own order', async () => {
  const ch = new Channel<string>(3);
  const producer = async (name: string) => {
    for (let i = 0; i < 5; i++) await ch.send(`${name}${i}`);
  };
  const received: string[] = [];
  const consumer = (async () => {
    for await (const item of ch) received.push(item);
  })();
  await Promise.all([producer('a'), producer('b'), producer('c')]);
  ch.close();
  await consumer;
  assert.equal(received.length, 15);
  for (const name of ['a', 'b', 'c']) {
    assert.deepEqual(received.filter((x) => x.startsWith(name)), [0, 1, 2, 3, 4].map((i) => `${name}${i}`));
  }
  assert.ok(ch.highWater <= 3);
});

test('two consumers split the work; each item is taken once', async () => {
  const ch = new Channel<number>(2);
  const taken: Record<string, number[]> = { left: [], right: [] };
  const consume = async (who: 'left' | 'right') => {
    for await (const n of ch) {
      taken[who].push(n);
      await sleep(1);
    }
  };
  const consumers = [consume('left'), consume('right')];
  for (let i = 0; i < 12; i++) await ch.send(i);
  ch.close();
  await Promise.all(consumers);
  assert.deepEqual([...taken.left, ...taken.right].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  for (const list of Object.values(taken)) assert.deepEqual(list, [...list].sort((a, b) => a - b));
});

test('concurrent loggers through the shipper: every line posted once', async () => {
  const collector = new Collector();
  const shipper = new LogShipper(collector, 2, 3);
  await Promise.all(['web', 'worker', 'cron'].map(async (src) => {
    for (let i = 0; i < 4; i++) await shipper.log(`${src}:${i}`);
  }));
  await shipper.end();
  assert.equal(collector.lines.length, 12);
  assert.equal(new Set(collector.lines).size, 12);
  assert.ok(collector.batches.every((b) => b.length >= 1 && b.length <= 3));
  for (const src of ['web', 'worker', 'cron']) {
    assert.deepEqual(collector.lines.filter((l) => l.startsWith(`${src}:`)), [0, 1, 2, 3].map((i) => `${src}:${i}`));
  }
});
