import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Fulfilment } from '../../src/fulfilment.js';
import { createBus, Quote } from '../../src/order-bus.js';
import { PriceQuoter } from '../../src/price-quoter.js';
import { gate, jitter, until } from '../helpers.js';

const order = (i: number, items = 1 + (i % 3)) => ({ id: `o${i}`, items });

describe('fulfilment under concurrent orders', () => {
  test('ten orders placed at random moments: each shipped once, one at a time, in arrival order', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    await Promise.all(Array.from({ length: 10 }, async (_, i) => (await jitter(), bus.emit('placed', order(i)))));
    await until(() => f.shipped.length === 10 && !f.busy);
    expect(f.maxShipping).toBe(1);
    expect(f.shipped).toEqual(f.received);
    expect(new Set(f.shipped).size).toBe(10);
  });

  test('shipped listeners run one after another for each order (emitSerial), orders never overlap', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    const log: string[] = [];
    bus.on('shipped', async (o) => {
      log.push(`invoice ${o.id}`);
      await jitter();
      log.push(`invoiced ${o.id}`);
    });
    bus.on('shipped', async (o) => {
      log.push(`notify ${o.id}`);
      await jitter();
      log.push(`notified ${o.id}`);
    });
    await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await jitter(), bus.emit('placed', order(i)))));
    await until(() => f.shipped.length === 5 && !f.busy);
    expect(log).toEqual(f.shipped.flatMap((id) => [`invoice ${id}`, `invoiced ${id}`, `notify ${id}`, `notified ${id}`]));
  });

  test('empty orders fail alone and the rest are still shipped in order', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    const failures: string[] = [];
    bus.on('shipFailed', (o) => {
      failures.push(o.id);
    });
    const orders = [order(1), order(2, 0), order(3), order(4, 0), order(5), order(6)];
    await Promise.all(orders.map(async (o) => (await jitter(), bus.emit('placed', o))));
    await until(() => f.shipped.length + f.failed.length === 6 && !f.busy);
    expect([...f.failed].sort()).toEqual(['o2', 'o4']);
    expect(failures).toEqual(f.failed);
    expect(f.shipped).toEqual(f.received.filter((id) => id !== 'o2' && id !== 'o4'));
  });

  test('emit resolves once every placed listener is done: audit files exist for all orders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'checkout-audit-'));
    try {
      const bus = createBus();
      const f = new Fulfilment(bus);
      bus.on('placed', async (o) => {
        await jitter();
        await writeFile(join(dir, `${o.id}.json`), JSON.stringify(o));
      });
      await Promise.all(Array.from({ length: 8 }, (_, i) => bus.emit('placed', order(i))));
      expect((await readdir(dir)).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `o${i}.json`).sort());
      await until(() => f.shipped.length === 8 && !f.busy);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('latest quote wins', () => {
  test('six quotes asked at random moments: the last one asked is the one shown', async () => {
    const bus = createBus();
    const shown: Quote[] = [];
    bus.on('quoteShown', (q) => {
      shown.push(q);
    });
    const q = new PriceQuoter(bus, async (cart) => (await jitter(), cart.length));
    const asked: string[] = [];
    const results = await Promise.all(
      ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff'].map(async (cart) => {
        await jitter();
        asked.push(cart);
        return q.quote(cart);
      }),
    );
    const last = asked[asked.length - 1];
    expect(q.shown).toEqual({ generation: 6, cart: last, total: last.length });
    expect(results[['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff'].indexOf(last)]).toBe(last.length);
    expect(results.filter((r) => r === 'stale')).toHaveLength(q.discarded);
    const generations = shown.map((s) => s.generation);
    expect(generations).toEqual([...generations].sort((x, y) => x - y));
  });

  test('a slow old answer arriving after a newer one is dropped', async () => {
    const bus = createBus();
    const slow = gate();
    const q = new PriceQuoter(bus, async (cart) => {
      if (cart === 'old') await slow.wait;
      return cart.length;
    });
    const first = q.quote('old');
    expect(await q.quote('newest')).toBe(6);
    slow.open();
    expect(await first).toBe('stale');
    expect(q.shown).toEqual({ generation: 2, cart: 'newest', total: 6 });
  });
});
