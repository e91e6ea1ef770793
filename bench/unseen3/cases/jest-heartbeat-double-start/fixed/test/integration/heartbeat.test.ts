import { EventEmitter, once } from 'events';
import { Heartbeat, keepAlive } from '../../src/heartbeat';
import { Registry } from '../../src/registry';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The second caller comes a moment later than the first. */
async function later(maxMs: number, call: () => Promise<void>): Promise<void> {
  await pause(Math.floor(Math.random() * maxMs));
  await call();
}

describe('a node started from two places', () => {
  test('the app and the ready handler starting together register once', async () => {
    const registry = new Registry();
    const heartbeat = new Heartbeat(registry, 'node-1');
    await Promise.all([heartbeat.start(), later(14, () => heartbeat.start())]);
    expect(registry.registrations).toEqual(['node-1']);
    heartbeat.stop();
  });

  test('after stop no beat is sent, however it was started', async () => {
    const registry = new Registry();
    const heartbeat = new Heartbeat(registry, 'node-2');
    await Promise.all([heartbeat.start(), later(14, () => heartbeat.start())]);
    await once(heartbeat, 'beat');
    heartbeat.stop();
    const beats = registry.beatsOf('node-2');
    await pause(30);
    expect(registry.beatsOf('node-2')).toBe(beats);
  });

  test('nodes of one process beat on their own', async () => {
    const registry = new Registry();
    const a = new Heartbeat(registry, 'a');
    const b = new Heartbeat(registry, 'b');
    await Promise.all([a.start(), b.start()]);
    await Promise.all([once(a, 'beat'), once(b, 'beat')]);
    expect([...registry.registrations].sort()).toEqual(['a', 'b']);
    a.stop();
    b.stop();
  });

  test('a reconnect registers again once the old heartbeat stopped', async () => {
    const registry = new Registry();
    const connection = new EventEmitter();
    const heartbeat = new Heartbeat(registry, 'node-3');
    keepAlive(connection, heartbeat);
    connection.emit('ready');
    await once(heartbeat, 'started');
    connection.emit('close');
    connection.emit('ready');
    await once(heartbeat, 'started');
    expect(registry.registrations).toEqual(['node-3', 'node-3']);
    heartbeat.stop();
  });
});
