import { CartService, PriceList, replay, total } from '../../src/cart';
import { ConcurrencyError, EventStore } from '../../src/event-store';

const prices = new PriceList({ tea: 450, mug: 1200, honey: 799 });

describe('replay', () => {
  test('sums the lines of a cart', () => {
    const state = replay([
      { stream: 'c', version: 1, type: 'CartOpened', data: {} },
      { stream: 'c', version: 2, type: 'ItemAdded', data: { sku: 'tea', qty: 2, price: 450 } },
      { stream: 'c', version: 3, type: 'ItemAdded', data: { sku: 'tea', qty: 1, price: 450 } },
    ]);
    expect(state.version).toBe(3);
    expect(total(state)).toBe(1350);
  });

  test('skips a redelivered event', () => {
    const added = { stream: 'c', version: 2, type: 'ItemAdded', data: { sku: 'mug', qty: 1, price: 1200 } };
    expect(total(replay([{ stream: 'c', version: 1, type: 'CartOpened', data: {} }, added, added]))).toBe(1200);
  });
});

describe('EventStore', () => {
  test('refuses an append when the stream has moved on', async () => {
    const store = new EventStore();
    await store.append('s', { version: 1, type: 'A', data: {} }, 0);
    await expect(store.append('s', { version: 1, type: 'B', data: {} }, 0)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(store.versions('s')).toEqual([1]);
  });
});

describe('CartService', () => {
  test('items added one after another get consecutive versions', async () => {
    const store = new EventStore();
    const carts = new CartService(store, prices);
    await carts.open('c1');
    expect(await carts.addItem('c1', 'tea', 2)).toBe(2);
    expect(await carts.addItem('c1', 'mug', 1)).toBe(3);
    expect(store.versions('c1')).toEqual([1, 2, 3]);
    expect(await carts.summary('c1')).toEqual({ items: 3, total: 2100 });
  });

  test('a checked-out cart takes no more items', async () => {
    const carts = new CartService(new EventStore(), prices);
    await carts.open('c2');
    await carts.addItem('c2', 'honey', 1);
    expect(await carts.checkout('c2')).toBe(799);
    await expect(carts.addItem('c2', 'tea', 1)).rejects.toThrow('cart c2 is checked out');
  });
});
