import { describe, expect, test } from 'vitest';
import { Fulfilment } from '../../src/fulfilment.js';
import { createBus } from '../../src/order-bus.js';
import { PriceQuoter } from '../../src/price-quoter.js';
import { until } from '../helpers.js';

describe('checkout, one thing at a time', () => {
  test('a placed order is shipped and announced', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    const shipped = bus.once('shipped');
    await bus.emit('placed', { id: 'o1', items: 2 });
    expect((await shipped).id).toBe('o1');
    await until(() => !f.busy);
    expect(f.shipped).toEqual(['o1']);
  });

  test('an empty order fails and is reported', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    const failed = bus.once('shipFailed');
    await bus.emit('placed', { id: 'o0', items: 0 });
    expect((await failed).id).toBe('o0');
    await until(() => !f.busy);
    expect(f.failed).toEqual(['o0']);
  });

  test('the drainer says idle when the queue is empty', async () => {
    const bus = createBus();
    const f = new Fulfilment(bus);
    const idle = bus.once('idle');
    await bus.emit('placed', { id: 'o1', items: 1 });
    await idle;
    expect(f.busy).toBe(false);
  });

  test('a quote is shown with its generation', async () => {
    const bus = createBus();
    const q = new PriceQuoter(bus, async (cart) => cart.length * 10);
    expect(await q.quote('abc')).toBe(30);
    expect(await q.quote('abcd')).toBe(40);
    expect(q.shown).toEqual({ generation: 2, cart: 'abcd', total: 40 });
    expect(q.discarded).toBe(0);
  });

  test('a quote that fails shows nothing', async () => {
    const bus = createBus();
    const q = new PriceQuoter(bus, async () => {
      throw new Error('pricing down');
    });
    await expect(q.quote('x')).rejects.toThrow('pricing down');
    expect(q.shown).toBeUndefined();
  });
});
