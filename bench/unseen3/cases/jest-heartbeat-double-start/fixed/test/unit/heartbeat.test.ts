import { EventEmitter, once } from 'events';
import { Heartbeat, keepAlive } from '../../src/heartbeat';
import { Registry } from '../../src/registry';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Heartbeat', () => {
  test('start registers the node and beats follow', async () => {
    const registry = new Registry();
    const heartbeat = new Heartbeat(registry, 'node-1');
    await heartbeat.start();
    expect(registry.registrations).toEqual(['node-1']);
    await once(heartbeat, 'beat');
    expect(registry.beatsOf('node-1')).toBeGreaterThan(0);
    heartbeat.stop();
  });

  test('a second start on a running heartbeat does nothing', async () => {
    const registry = new Registry();
    const heartbeat = new Heartbeat(registry, 'node-2');
    await heartbeat.start();
    await heartbeat.start();
    expect(registry.registrations).toEqual(['node-2']);
    heartbeat.stop();
    expect(heartbeat.isRunning).toBe(false);
  });

  test('stop ends the beats', async () => {
    const registry = new Registry();
    const heartbeat = new Heartbeat(registry, 'node-3');
    await heartbeat.start();
    await once(heartbeat, 'beat');
    heartbeat.stop();
    const beats = registry.beatsOf('node-3');
    await pause(25);
    expect(registry.beatsOf('node-3')).toBe(beats);
  });

  test('a refused registration rejects start and leaves it stopped', async () => {
    const registry = new Registry();
    registry.refuse('node-4');
    const heartbeat = new Heartbeat(registry, 'node-4');
    await expect(heartbeat.start()).rejects.toThrow('registry refused node-4');
    expect(heartbeat.isRunning).toBe(false);
  });

  test('keepAlive follows the connection', async () => {
    const registry = new Registry();
    const connection = new EventEmitter();
    const heartbeat = new Heartbeat(registry, 'node-5');
    keepAlive(connection, heartbeat);
    connection.emit('ready');
    await once(heartbeat, 'started');
    connection.emit('close');
    expect(heartbeat.isRunning).toBe(false);
  });
});
