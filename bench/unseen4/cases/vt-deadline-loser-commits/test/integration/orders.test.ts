import { describe, expect, it } from 'vitest';
import { DeadlineExceeded, createOrderService, withDeadline, type Order } from '../../src/orders';
import { Warehouse } from '../../src/warehouse';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Stock that is neither available nor held by a confirmed order has leaked. */
async function leaked(warehouse: Warehouse, orders: ReturnType<typeof createOrderService>, placed: Order[], initial: Record<string, number>) {
  await warehouse.idle();
  const leaks: Record<string, number> = {};
  for (const sku of Object.keys(initial)) {
    const confirmed = placed
      .filter((o) => orders.status(o.id) === 'confirmed')
      .flatMap((o) => o.lines)
      .filter((l) => l.sku === sku)
      .reduce((sum, l) => sum + l.qty, 0);
    leaks[sku] = initial[sku] - warehouse.available(sku) - confirmed;
  }
  return leaks;
}

describe('orders against a slow warehouse', () => {
  it('orders that miss the deadline leave no stock behind', async () => {
    const warehouse = new Warehouse(1, 8);
    warehouse.stockUp('kettle', 10);
    warehouse.stockUp('mug', 10);
    const orders = createOrderService(warehouse, 6);
    const placed: Order[] = [
      { id: 'o1', lines: [{ sku: 'kettle', qty: 2 }] },
      { id: 'o2', lines: [{ sku: 'mug', qty: 3 }] },
    ];
    await Promise.all(placed.map((o) => orders.place(o)));
    expect(await leaked(warehouse, orders, placed, { kettle: 10, mug: 10 })).toEqual({ kettle: 0, mug: 0 });
    expect(warehouse.openHolds).toBe(placed.filter((o) => orders.status(o.id) === 'confirmed').length);
  });
});

describe.concurrent('orders within their deadline', () => {
  it('a generous deadline confirms every order', async () => {
    const warehouse = new Warehouse(1, 4);
    warehouse.stockUp('kettle', 10);
    const orders = createOrderService(warehouse, 500);
    const placed: Order[] = [1, 2, 3, 4].map((i) => ({ id: `o${i}`, lines: [{ sku: 'kettle', qty: 2 }] }));
    expect(await Promise.all(placed.map((o) => orders.place(o)))).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(await leaked(warehouse, orders, placed, { kettle: 10 })).toEqual({ kettle: 0 });
  });

  it('two orders for the last units: one is confirmed, one fails cleanly', async () => {
    const warehouse = new Warehouse(1, 2);
    warehouse.stockUp('lamp', 5);
    const orders = createOrderService(warehouse, 500);
    const placed: Order[] = [
      { id: 'a', lines: [{ sku: 'lamp', qty: 3 }] },
      { id: 'b', lines: [{ sku: 'lamp', qty: 3 }] },
    ];
    const statuses = await Promise.all(placed.map((o) => orders.place(o)));
    expect([...statuses].sort()).toEqual(['confirmed', 'failed']);
    expect(warehouse.available('lamp')).toBe(2);
    expect(warehouse.openHolds).toBe(1);
  });

  it('many deadlines racing their work each settle once', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => withDeadline(sleep(i % 2 === 0 ? 1 : 60).then(() => i), 30, `job ${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof DeadlineExceeded)).toHaveLength(10);
  });
});
