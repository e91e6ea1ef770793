import { describe, expect, it } from 'vitest';
import { setup } from '../fixture';

const ACME = ['orders-1', 'payments-2', 'tickets-4', 'orders-5', 'payments-7', 'orders-8'];
const BOLT = ['orders-3', 'payments-6', 'tickets-9', 'orders-10'];

describe('account activity under concurrent page loads', () => {
  it("an account's timeline holds every order, payment and ticket", async () => {
    const { feed } = setup();
    const timeline = await feed.timeline('acme');
    expect(timeline.map((i) => i.id)).toEqual(ACME);
  });

  it('timelines of two accounts built at once are both complete', async () => {
    const { feed } = setup();
    const [acme, bolt] = await Promise.all([feed.timeline('acme'), feed.timeline('bolt')]);
    expect(acme.map((i) => i.id)).toEqual(ACME);
    expect(bolt.map((i) => i.id)).toEqual(BOLT);
  });

  it('the orders tabs of three accounts at once', async () => {
    const { feed } = setup();
    const tabs = await Promise.all(['acme', 'bolt', 'cove'].map((id) => feed.history(id, 'orders')));
    expect(tabs.map((tab) => tab.length)).toEqual([3, 2, 3]);
    expect(tabs[2].map((i) => i.label)).toEqual(['ordered 1 × C-1', 'ordered 4 × C-2', 'ordered 2 × C-3']);
  });

  it('page loads of one account share one directory fetch', async () => {
    const { feed, directory } = setup();
    await Promise.all([feed.timeline('acme'), feed.preview('acme', 2), feed.history('acme', 'tickets')]);
    expect(directory.fetches).toBe(1);
  });

  it('previews show the first arrivals of the right account', async () => {
    const { feed } = setup();
    const [acme, bolt] = await Promise.all([feed.preview('acme', 1), feed.preview('bolt', 1)]);
    expect(acme).toHaveLength(1);
    expect(bolt).toHaveLength(1);
    expect(ACME).toContain(acme[0].id);
    expect(bolt[0].accountName).toBe('Bolt & Co');
  });
});
