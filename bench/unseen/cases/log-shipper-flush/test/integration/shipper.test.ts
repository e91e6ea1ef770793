import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { CollectorSink } from '../../src/sink.ts';
import { LogShipper } from '../../src/shipper.ts';

test('requests keep logging while a flush is on the wire: every entry is shipped exactly once', async () => {
  const sink = new CollectorSink();
  const shipper = new LogShipper(sink, 4);
  const logRequests = async (prefix: string) => {
    for (let i = 0; i < 5; i++) {
      shipper.add({ msg: `${prefix}-${i}` });
      await sleep(1);
    }
  };
  await Promise.all([logRequests('a'), logRequests('b'), shipper.flush()]);
  await shipper.drain();
  const expected = ['a', 'b'].flatMap((p) => [0, 1, 2, 3, 4].map((i) => `${p}-${i}`)).sort();
  assert.deepEqual(sink.received().map((e) => e.msg).sort(), expected);
});
