import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/event-bus';
import { formatNotice, NotificationHub } from '../../src/hub';

describe('EventBus', () => {
  it('delivers to each subscriber in order', async () => {
    const bus = new EventBus<number>();
    const seen: string[] = [];
    bus.subscribe(async (n) => { seen.push(`a${n}`); });
    bus.subscribe(async (n) => { seen.push(`b${n}`); });
    expect(await bus.publish(1)).toBe(2);
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = new EventBus<number>();
    const seen: number[] = [];
    const off = bus.subscribe(async (n) => { seen.push(n); });
    await bus.publish(1);
    off();
    off();
    await bus.publish(2);
    expect(seen).toEqual([1]);
    expect(bus.size).toBe(0);
  });
});

describe('NotificationHub', () => {
  it('formats notices', () => {
    expect(formatNotice({ topic: 'build', text: 'green' })).toBe('[build] green');
  });

  it('broadcasts to connected clients and not to those who left', async () => {
    const hub = new NotificationHub();
    const ann = hub.connect('ann', 1);
    const bob = hub.connect('bob', 2);
    await hub.broadcast('deploy', 'v1.2 is live');
    await ann.disconnect();
    await hub.broadcast('deploy', 'v1.3 is live');
    expect(ann.inbox).toEqual(['[deploy] v1.2 is live']);
    expect(bob.inbox).toEqual(['[deploy] v1.2 is live', '[deploy] v1.3 is live']);
  });
});
