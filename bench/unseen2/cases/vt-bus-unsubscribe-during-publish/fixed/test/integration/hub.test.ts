import { describe, expect, it } from 'vitest';
import { NotificationHub } from '../../src/hub';

describe('clients leaving during a broadcast', () => {
  it('every client that stays gets the notice exactly once', async () => {
    const hub = new NotificationHub();
    const ann = hub.connect('ann', 6);
    const bob = hub.connect('bob', 2);
    const cyd = hub.connect('cyd', 2);
    await Promise.all([hub.broadcast('alert', 'disk almost full'), ann.disconnect()]);
    expect(bob.inbox).toEqual(['[alert] disk almost full']);
    expect(cyd.inbox).toEqual(['[alert] disk almost full']);
  });

  it('two broadcasts while a client leaves reach the others in full', async () => {
    const hub = new NotificationHub();
    const clients = ['a', 'b', 'c', 'd'].map((name) => hub.connect(name, 3));
    await Promise.all([
      hub.broadcast('ci', 'build started'),
      clients[0].disconnect(),
      hub.broadcast('ci', 'build passed'),
    ]);
    for (const stayer of clients.slice(1)) {
      expect([...stayer.inbox].sort()).toEqual(['[ci] build passed', '[ci] build started']);
    }
    expect(hub.bus.size).toBe(3);
  });

  it('clients joining and broadcasts at once', async () => {
    const hub = new NotificationHub();
    const first = hub.connect('first', 1);
    await Promise.all([hub.broadcast('chat', 'hello'), Promise.resolve().then(() => hub.connect('late', 1))]);
    expect(first.inbox).toEqual(['[chat] hello']);
  });
});
