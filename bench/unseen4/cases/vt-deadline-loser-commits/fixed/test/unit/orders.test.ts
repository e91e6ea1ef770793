import { describe, expect, it } from 'vitest';
import { DeadlineExceeded, createOrderService, withDeadline } from '../../src/orders';
import { Warehouse } from '../../src/warehouse';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function setup(deadlineMs = 50) {
  const warehouse = new Warehouse(1, 3);
  warehouse.stockUp('kettle', 5);
  warehouse.stockUp('mug', 20);
  return { warehouse, orders: createOrderService(warehouse, deadlineMs) };
}

describe('orders', () => {
  it('withDeadline passes a fast result through and refuses a slow one', async () => {
    expect(await withDeadline(sleep(1).then(() => 'ok'), 50, 'fast')).toBe('ok');
    await expect(withDeadline(sleep(40), 5, 'slow thing')).rejects.toBeInstanceOf(DeadlineExceeded);
    await expect(withDeadline(sleep(40), 5, 'slow thing')).rejects.toThrow('slow thing took over 5 ms');
  });

  it('an order in stock is confirmed and held', async () => {
    const { warehouse, orders } = setup();
    expect(await orders.place({ id: 'o1', lines: [{ sku: 'kettle', qty: 2 }, { sku: 'mug', qty: 4 }] })).toBe('confirmed');
    expect(warehouse.available('kettle')).toBe(3);
    expect(warehouse.available('mug')).toBe(16);
    expect(orders.reserver.heldFor('o1')).toBe(2);
  });

  it('an order over the stock fails and gives back what it held', async () => {
    const { warehouse, orders } = setup();
    expect(await orders.place({ id: 'o1', lines: [{ sku: 'kettle', qty: 6 }] })).toBe('failed');
    await orders.place({ id: 'o2', lines: [{ sku: 'mug', qty: 1 }] });
    expect(orders.status('o1')).toBe('failed');
    expect(warehouse.available('kettle')).toBe(5);
    expect(warehouse.openHolds).toBe(1);
  });

  it('releasing an order gives its stock back', async () => {
    const { warehouse, orders } = setup();
    await orders.place({ id: 'o1', lines: [{ sku: 'mug', qty: 7 }] });
    await orders.reserver.releaseAll('o1');
    expect(warehouse.available('mug')).toBe(20);
    expect(orders.reserver.heldFor('o1')).toBe(0);
  });

  it('refuses an order without valid lines', async () => {
    const { orders } = setup();
    await expect(orders.place({ id: 'o1', lines: [] })).rejects.toThrow(/no valid lines/);
    await expect(orders.place({ id: 'o2', lines: [{ sku: 'mug', qty: 0 }] })).rejects.toThrow(/no valid lines/);
  });
});
