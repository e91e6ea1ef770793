import assert from 'node:assert/strict';
import { finished } from 'node:stream/promises';
import { test } from 'node:test';
import { Pipeline, send } from '../../src/pipeline.js';
import { SlowSink } from '../../src/sink.js';

const row = (seq: number, source = 'u') => ({ source, seq, body: `r${seq}` });

test('send writes in order while the sink has room', async () => {
  const sink = new SlowSink(8);
  for (let i = 0; i < 3; i++) assert.equal(await send(sink, row(i)), 0);
  sink.end();
  await finished(sink);
  assert.deepEqual(sink.rows.map((r) => r.seq), [0, 1, 2]);
});

test('send waits for drain once the buffer is full', async () => {
  const sink = new SlowSink(1);
  assert.equal(await send(sink, row(0)), 0);
  assert.equal(await send(sink, row(1)), 1);
  sink.end();
  await finished(sink);
  assert.deepEqual(sink.rows.map((r) => r.seq), [0, 1]);
  assert.equal(sink.maxBuffered, 1);
});

test('the pipeline passes events through, enriched, in order', async () => {
  const pipeline = new Pipeline(new SlowSink(4));
  for (let i = 0; i < 5; i++) await pipeline.submit({ source: 'a', seq: i, text: ` Hello ${i} ` });
  const rows = await pipeline.close();
  assert.deepEqual(rows.map((r) => r.body), [0, 1, 2, 3, 4].map((i) => `hello ${i}`));
});

test('an event that cannot be enriched is reported and skipped', async () => {
  const pipeline = new Pipeline(new SlowSink(4));
  await pipeline.submit({ source: 'a', seq: 1, text: 'ok' });
  await pipeline.submit({ source: 'a', seq: 2, text: 'bad\u0000' });
  await pipeline.submit({ source: 'a', seq: 3, text: 'ok' });
  const rows = await pipeline.close();
  assert.deepEqual(rows.map((r) => r.seq), [1, 3]);
  assert.deepEqual(pipeline.failed, ['a#2: binary payload']);
});

test('closing an empty pipeline gives no rows', async () => {
  assert.deepEqual(await new Pipeline(new SlowSink(4)).close(), []);
});
