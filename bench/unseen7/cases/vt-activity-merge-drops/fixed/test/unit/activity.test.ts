import { describe as suite, expect, it } from 'vitest';
import { AccountDirectory, describe } from '../../src/activity';
import { mergeFeeds, pagedEvents } from '../../src/events';
import { setup } from '../fixture';

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

suite('activity building blocks', () => {
  it('pages through one stream of an account', async () => {
    const { store } = setup();
    const events = await collect(pagedEvents(store, 'orders', 'acme'));
    expect(events.map((e) => e.id)).toEqual(['orders-1', 'orders-5', 'orders-8']);
    expect(store.pageReads).toBe(2);
  });

  it('labels each kind of event', () => {
    expect(describe({ id: 'o', stream: 'orders', accountId: 'x', at: 1, data: { sku: 'K', qty: 2 } })).toBe('ordered 2 × K');
    expect(describe({ id: 'p', stream: 'payments', accountId: 'x', at: 2, data: { cents: 1250, currency: 'EUR' } })).toBe('paid 12.50 EUR');
    expect(describe({ id: 't', stream: 'tickets', accountId: 'x', at: 3, data: { subject: 'help' } })).toBe('opened ticket "help"');
  });

  it('merging a single source yields all of it, in order', async () => {
    const { store } = setup();
    const merged = await collect(mergeFeeds(pagedEvents(store, 'orders', 'cove', 1)));
    expect(merged.map((e) => e.id)).toEqual(['orders-11', 'orders-12', 'orders-13']);
    expect(await collect(mergeFeeds<number>())).toEqual([]);
  });

  it('looks an account up once and retries an unknown one', async () => {
    const directory = new AccountDirectory({ acme: { id: 'acme', name: 'Acme Ltd', plan: 'pro' } });
    expect((await directory.lookup('acme')).name).toBe('Acme Ltd');
    expect((await directory.lookup('acme')).plan).toBe('pro');
    await expect(directory.lookup('nobody')).rejects.toThrow('unknown account nobody');
    await expect(directory.lookup('nobody')).rejects.toThrow('unknown account nobody');
    expect(directory.fetches).toBe(3);
  });

  it('the orders tab lists one stream with the account name', async () => {
    const { feed } = setup();
    const orders = await feed.history('bolt', 'orders');
    expect(orders.map((o) => o.label)).toEqual(['ordered 1 × B-7', 'ordered 3 × B-9']);
    expect(orders.every((o) => o.accountName === 'Bolt & Co')).toBe(true);
  });
});
