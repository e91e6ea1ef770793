import { CartService, PriceList } from '../../src/cart';
import { EventStore } from '../../src/event-store';

const prices = new PriceList({ tea: 450, mug: 1200, honey: 799, jam: 350 });

async function openCart(id: string) {
  const store = new EventStore();
  const carts = new CartService(store, prices);
  await carts.open(id);
  return { store, carts };
}

describe('a cart edited from two tabs', () => {
  test('two items added at once get their own versions', async () => {
    const { store, carts } = await openCart('c1');
    const versions = await Promise.all([carts.addItem('c1', 'tea', 1), carts.addItem('c1', 'mug', 1)]);
    expect(versions.sort()).toEqual([2, 3]);
    expect(store.versions('c1')).toEqual([1, 2, 3]);
  });

  test('the total counts every item added at once', async () => {
    const { carts } = await openCart('c2');
    await Promise.all([carts.addItem('c2', 'tea', 2), carts.addItem('c2', 'honey', 1), carts.addItem('c2', 'jam', 1)]);
    expect(await carts.summary('c2')).toEqual({ items: 4, total: 2049 });
  });

  test('different carts edited at once do not interfere', async () => {
    const store = new EventStore();
    const carts = new CartService(store, prices);
    await Promise.all([carts.open('a'), carts.open('b')]);
    await Promise.all([carts.addItem('a', 'tea', 1), carts.addItem('b', 'mug', 1)]);
    expect([store.versions('a'), store.versions('b')]).toEqual([[1, 2], [1, 2]]);
  });
});
