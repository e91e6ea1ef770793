import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CollectorSink } from '../../src/sink.ts';
import { encodeBatch, LogShipper, normalize } from '../../src/shipper.ts';

test('normalize and encode', () => {
  assert.deepEqual(normalize({ level: 'WARN', msg: ' disk ', ts: 1 }), { level: 'warn', msg: 'disk', ts: 1 });
  assert.equal(encodeBatch([{ level: 'info', msg: 'a', ts: 1 }]), '{"level":"info","msg":"a","ts":1}\n');
});

test('flush ships what was added, once', async () => {
  const sink = new CollectorSink();
  const shipper = new LogShipper(sink, 10);
  shipper.add({ msg: 'one' });
  shipper.add({ msg: 'two' });
  assert.equal(await shipper.flush(), 2);
  assert.equal(await shipper.flush(), 0);
  assert.deepEqual(sink.received().map((e) => e.msg), ['one', 'two']);
  assert.equal(shipper.shipped, 2);
  assert.equal(shipper.pending, 0);
});

test('a full buffer flushes by itself; drain waits for it', async () => {
  const sink = new CollectorSink();
  const shipper = new LogShipper(sink, 2);
  shipper.add({ msg: 'a' });
  shipper.add({ msg: 'b' });
  await shipper.drain();
  assert.deepEqual(sink.received().map((e) => e.msg), ['a', 'b']);
  assert.equal(sink.batches.length, 1);
  shipper.add({ msg: 'c' });
  await shipper.drain();
  assert.deepEqual(sink.received().map((e) => e.msg), ['a', 'b', 'c']);
});
