import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityLog, BrokerClient } from '../../src/broker-client.ts';

test('publish after connect sends at once', async () => {
  for (const topic of ['orders', 'users', 'audit']) {
    const log = new ActivityLog();
    const client = new BrokerClient('amqp://localhost', log);
    await client.connect();
    assert.equal(client.connected, true);
    await client.publish(topic, 'hello');
    await client.publish(topic, 'again');
    assert.deepEqual(client.sent, [`${topic}: hello`, `${topic}: again`]);
    assert.deepEqual(log.lines, [`published to ${topic}`, `published to ${topic}`]);
  }
});

test('whenConnected on a connected client resolves without logging', async () => {
  const log = new ActivityLog();
  const client = new BrokerClient('amqp://localhost', log);
  await client.connect();
  await client.whenConnected();
  assert.deepEqual(log.lines, []);
});

test('a publish made before the connection waits for it', async () => {
  for (const handshakeMs of [0, 5, 20]) {
    const log = new ActivityLog();
    const client = new BrokerClient('amqp://queue', log, handshakeMs);
    const publishing = client.publish('orders', 'early');
    await client.connect();
    await publishing;
    assert.deepEqual(client.sent, ['orders: early']);
    assert.deepEqual(log.lines, ['waiting for amqp://queue', 'published to orders']);
  }
});
