import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityLog, BrokerClient } from '../../src/broker-client.ts';

/** Fails after `ms` instead of letting a lost wake-up stall the run until the tool's time budget. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms: the 'connected' event was missed`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The app starts publishing while the client connects. Every message must go out once the
// connection is up, whichever of the two runs first.
test('a message published while the client connects is sent', async () => {
  const log = new ActivityLog();
  const client = new BrokerClient('amqp://localhost', log, 1);
  await within(1000, Promise.all([client.connect(), client.publish('orders', 'order #1')]));
  assert.deepEqual(client.sent, ['orders: order #1']);
});
