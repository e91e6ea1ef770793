import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Channel, collect } from '../../src/channel.ts';
import { WaitMetrics } from '../../src/metrics.ts';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`consumer still waiting after ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

test('a consumer and a producer run at the same time: every item arrives', async () => {
  const channel = new Channel<number>(new WaitMetrics());
  const producer = (async () => {
    for (let i = 1; i <= 4; i++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      channel.send(i);
    }
  })();
  const received = await within(Promise.all([collect(channel, 4), producer]), 2000);
  assert.deepEqual(received[0], [1, 2, 3, 4]);
});
