import { describe, test } from 'vitest';
import { BoundedQueue } from '../../src/bounded-queue';
import { FakeBroker, Message, Outbox } from '../../src/outbox';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const jitter = () => pause(Math.floor(Math.random() * 3));

describe.concurrent('one drain worker, many producers', () => {
  test('posts from four producers are sent one at a time, in posting order', async ({ expect }) => {
    const broker = new FakeBroker();
    const outbox = new Outbox(broker);
    const posted: number[] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (topic) => {
        for (let i = 0; i < 5; i++) {
          await jitter();
          posted.push(outbox.post(topic, `${topic}${i}`));
        }
      }),
    );
    await outbox.whenIdle();
    expect(broker.delivered.map((m) => m.id)).toEqual(posted.slice().sort((x, y) => x - y));
    expect(broker.delivered).toHaveLength(20);
    expect(broker.maxActive).toBe(1);
  });

  test('retries keep the order: a refused message is not overtaken', async ({ expect }) => {
    const broker = new FakeBroker();
    broker.failFirst(2, 3);
    broker.failFirst(5, 1);
    const outbox = new Outbox(broker);
    const sentEvents: number[] = [];
    outbox.on('sent', (m: Message) => sentEvents.push(m.id));
    await Promise.all([1, 2, 3].map(async (p) => {
      await jitter();
      outbox.post('t', `p${p}-1`);
      outbox.post('t', `p${p}-2`);
    }));
    await outbox.whenIdle();
    expect(sentEvents).toEqual([1, 2, 3, 4, 5, 6]);
    expect(broker.delivered.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(outbox.retries).toBe(4);
  });

  test('a message refused every time is dead-lettered and the rest still go out', async ({ expect }) => {
    const broker = new FakeBroker();
    broker.failFirst(3, 99);
    const outbox = new Outbox(broker, 3);
    const dead: number[] = [];
    outbox.on('dead', (m: Message) => dead.push(m.id));
    for (let i = 0; i < 6; i++) outbox.post('t', String(i));
    await outbox.whenIdle();
    expect(dead).toEqual([3]);
    expect(broker.delivered.map((m) => m.id)).toEqual([1, 2, 4, 5, 6]);
  });

  test('posts during a drain never start a second worker', async ({ expect }) => {
    const broker = new FakeBroker();
    const outbox = new Outbox(broker);
    for (let i = 0; i < 3; i++) outbox.post('t', String(i));
    await Promise.all([0, 1, 2].map(async () => {
      await jitter();
      outbox.post('t', 'late');
    }));
    await outbox.whenIdle();
    expect(broker.delivered).toHaveLength(6);
    expect(broker.maxActive).toBe(1);
    expect(outbox.workersStarted).toBeGreaterThanOrEqual(1);
    expect(outbox.size()).toBe(0);
  });
});

describe.concurrent('a bounded queue between producers and consumers', () => {
  test('three producers, two consumers, capacity 2: every item taken once, never more than 2 queued', async ({ expect }) => {
    const q = new BoundedQueue<string>(2);
    const taken: string[][] = [[], []];
    const producers = ['p', 'q', 'r'].map(async (name) => {
      for (let i = 0; i < 8; i++) {
        await q.put(`${name}${i}`);
        await jitter();
      }
    });
    const consumers = [0, 1].map(async (c) => {
      for (let n = 0; n < 12; n++) {
        taken[c].push(await q.take());
        await jitter();
      }
    });
    await Promise.all([...producers, ...consumers]);
    const all = [...taken[0], ...taken[1]];
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    expect(q.maxSize).toBeLessThanOrEqual(2);
    expect(q.size()).toBe(0);
    for (const mine of taken) {
      for (const name of ['p', 'q', 'r']) {
        const seq = mine.filter((s) => s.startsWith(name)).map((s) => Number(s.slice(1)));
        expect(seq).toEqual(seq.slice().sort((a, b) => a - b));
      }
    }
  });

  test('a full queue makes the producer wait until a consumer takes', async ({ expect }) => {
    const q = new BoundedQueue<number>(1);
    await q.put(1);
    let secondIn = false;
    const second = q.put(2).then(() => {
      secondIn = true;
    });
    await pause(5);
    expect(secondIn).toBe(false);
    expect(await q.take()).toBe(1);
    await second;
    expect(secondIn).toBe(true);
    expect(await q.take()).toBe(2);
  });

  test('consumers waiting on an empty queue get items in the order they asked', async ({ expect }) => {
    const q = new BoundedQueue<string>(3);
    const first = q.take();
    const second = q.take();
    const third = q.take();
    for (const item of ['x', 'y', 'z']) {
      await jitter();
      await q.put(item);
    }
    expect(await Promise.all([first, second, third])).toEqual(['x', 'y', 'z']);
  });
});
