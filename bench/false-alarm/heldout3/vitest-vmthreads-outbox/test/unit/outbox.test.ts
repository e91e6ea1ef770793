import { describe, expect, test } from 'vitest';
import { BoundedQueue } from '../../src/bounded-queue';
import { FakeBroker, Outbox } from '../../src/outbox';

describe('outbox and queue, one step at a time', () => {
  test('a posted message is delivered', async () => {
    const broker = new FakeBroker();
    const outbox = new Outbox(broker);
    expect(outbox.post('orders', 'o-1')).toBe(1);
    await outbox.whenIdle();
    expect(broker.delivered).toEqual([{ id: 1, topic: 'orders', body: 'o-1' }]);
    expect(outbox.size()).toBe(0);
  });

  test('a refused send is retried', async () => {
    const broker = new FakeBroker();
    broker.failFirst(1, 2);
    const outbox = new Outbox(broker);
    outbox.post('orders', 'o-1');
    await outbox.whenIdle();
    expect(outbox.retries).toBe(2);
    expect(broker.delivered.map((m) => m.id)).toEqual([1]);
  });

  test('posting after the outbox went idle starts a new worker', async () => {
    const outbox = new Outbox(new FakeBroker());
    outbox.post('a', '1');
    await outbox.whenIdle();
    outbox.post('a', '2');
    await outbox.whenIdle();
    expect(outbox.workersStarted).toBe(2);
  });

  test('queue: put then take', async () => {
    const q = new BoundedQueue<number>(2);
    await q.put(1);
    await q.put(2);
    expect(await q.take()).toBe(1);
    expect(q.tryTake()).toEqual({ ok: true, item: 2 });
    expect(q.tryTake()).toEqual({ ok: false });
  });

  test('queue: capacity must be positive', () => {
    expect(() => new BoundedQueue(0)).toThrow(RangeError);
  });
});
