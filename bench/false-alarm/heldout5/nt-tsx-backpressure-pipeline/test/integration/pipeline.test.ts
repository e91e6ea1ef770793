import assert from 'node:assert/strict';
import { finished } from 'node:stream/promises';
import { test } from 'node:test';
import { Pipeline, send } from '../../src/pipeline.js';
import { Row, SlowSink } from '../../src/sink.js';
import { gate, jitter, until } from '../helpers.js';

const seqsOf = (rows: Row[], source: string) => rows.filter((r) => r.source === source).map((r) => r.seq);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

test('three producers write bursts into one sink: all rows, each in order, never more than four buffered', async () => {
  const sink = new SlowSink(4);
  let waits = 0;
  await Promise.all(
    ['a', 'b', 'c'].map(async (source) => {
      await jitter();
      for (let seq = 0; seq < 20; seq++) waits += await send(sink, { source, seq, body: '' });
    }),
  );
  sink.end();
  await finished(sink);
  assert.equal(sink.rows.length, 60);
  for (const s of ['a', 'b', 'c']) assert.deepEqual(seqsOf(sink.rows, s), range(20));
  assert.ok(sink.maxBuffered <= 4);
  assert.ok(waits >= 1);
});

test('a held sink: four rows buffered, all three producers waiting for drain, none writing past it', async () => {
  const sink = new SlowSink(4);
  const g = gate();
  sink.hold = g.wait;
  const producers = ['a', 'b', 'c'].map(async (source) => {
    for (let seq = 0; seq < 6; seq++) await send(sink, { source, seq, body: '' });
  });
  await until(() => sink.listenerCount('drain') === 3);
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
  assert.equal(sink.writableLength, 4);
  assert.equal(sink.rows.length, 0);
  sink.hold = undefined;
  g.open();
  await Promise.all(producers);
  sink.end();
  await finished(sink);
  assert.equal(sink.rows.length, 18);
  for (const s of ['a', 'b', 'c']) assert.deepEqual(seqsOf(sink.rows, s), range(6));
  assert.equal(sink.maxBuffered, 4);
});

test('four producers submit 25 events each without pausing: every event once, in each producer order', async () => {
  const pipeline = new Pipeline(new SlowSink(3), 8);
  await Promise.all(
    ['p', 'q', 'r', 's'].map(async (source) => {
      for (let seq = 0; seq < 25; seq++) await pipeline.submit({ source, seq, text: `${source}${seq}` });
    }),
  );
  const rows = await pipeline.close();
  assert.equal(rows.length, 100);
  for (const s of ['p', 'q', 'r', 's']) assert.deepEqual(seqsOf(rows, s), range(25));
  assert.ok(pipeline.producerWaits >= 1);
  assert.ok(pipeline.sink.maxBuffered <= 3);
});

test('bad events among concurrent producers are reported; the rest arrive in order', async () => {
  const pipeline = new Pipeline(new SlowSink(2), 4);
  await Promise.all(
    ['a', 'b'].map(async (source) => {
      for (let seq = 0; seq < 10; seq++) {
        await jitter();
        await pipeline.submit({ source, seq, text: seq % 4 === 3 ? 'x\u0000' : 'fine' });
      }
    }),
  );
  const rows = await pipeline.close();
  for (const s of ['a', 'b']) assert.deepEqual(seqsOf(rows, s), [0, 1, 2, 4, 5, 6, 8, 9]);
  assert.deepEqual([...pipeline.failed].sort(), ['a#3', 'a#7', 'b#3', 'b#7'].map((id) => `${id}: binary payload`));
});

test('close waits for a held sink and only then resolves with every row', async () => {
  const sink = new SlowSink(2);
  const g = gate();
  sink.hold = g.wait;
  const pipeline = new Pipeline(sink, 4);
  await Promise.all([0, 1, 2].map(async (seq) => (await jitter(), pipeline.submit({ source: 'z', seq, text: 'z' }))));
  let closed = false;
  const closing = pipeline.close().then((rows) => ((closed = true), rows));
  for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
  assert.equal(closed, false);
  sink.hold = undefined;
  g.open();
  assert.deepEqual((await closing).map((r) => r.seq).sort(), [0, 1, 2]);
});

test('two pipelines at once do not mix their rows', async () => {
  const [one, two] = [new Pipeline(new SlowSink(2), 3), new Pipeline(new SlowSink(5), 6)];
  await Promise.all(
    range(12).map(async (i) => {
      await jitter();
      await (i % 2 ? one : two).submit({ source: i % 2 ? 'one' : 'two', seq: i, text: String(i) });
    }),
  );
  const [r1, r2] = await Promise.all([one.close(), two.close()]);
  assert.deepEqual(r1.map((r) => r.seq).sort((a, b) => a - b), [1, 3, 5, 7, 9, 11]);
  assert.deepEqual(r2.map((r) => r.seq).sort((a, b) => a - b), [0, 2, 4, 6, 8, 10]);
  assert.ok(r1.every((r) => r.source === 'one') && r2.every((r) => r.source === 'two'));
});
