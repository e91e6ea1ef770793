import { describe, expect, it } from 'vitest';
import { Entitlements, ExchangeFeed } from '../../src/exchange';
import { createQuoteHub } from '../../src/hub';
import { FakeSocket, QuoteSession } from '../../src/session';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup() {
  const feed = new ExchangeFeed();
  const hub = createQuoteHub(feed, new Entitlements({ ana: ['US', 'L'], bo: ['US'] }));
  const connect = (user: string) => {
    const socket = new FakeSocket();
    new QuoteSession(user, socket, hub);
    return socket;
  };
  return { feed, hub, connect };
}

describe('quote sessions', () => {
  it('a subscribed panel receives the symbol\'s ticks', async () => {
    const { feed, connect } = setup();
    const socket = connect('ana');
    socket.fromClient({ type: 'sub', symbol: 'AAPL' });
    await socket.waitFor('subscribed', 'AAPL');
    feed.publish('AAPL', 190.5);
    feed.publish('MSFT', 410);
    expect(socket.sent[0]).toEqual({ type: 'subscribed', symbol: 'AAPL' });
    expect(socket.ticks().map((t) => t.price)).toEqual([190.5]);
  });

  it('no ticks after the panel is closed', async () => {
    const { feed, hub, connect } = setup();
    const socket = connect('ana');
    socket.fromClient({ type: 'sub', symbol: 'VOD.L' });
    await socket.waitFor('subscribed', 'VOD.L');
    socket.fromClient({ type: 'unsub', symbol: 'VOD.L' });
    feed.publish('VOD.L', 72.1);
    expect(socket.ticks()).toEqual([]);
    expect(hub.listenerCount()).toBe(0);
  });

  it('closing the socket drops all its subscriptions', async () => {
    const { feed, hub, connect } = setup();
    const socket = connect('ana');
    socket.fromClient({ type: 'sub', symbol: 'AAPL' });
    socket.fromClient({ type: 'sub', symbol: 'VOD.L' });
    await socket.waitFor('subscribed', 'AAPL');
    await socket.waitFor('subscribed', 'VOD.L');
    expect(hub.listenerCount()).toBe(2);
    socket.close();
    feed.publish('AAPL', 191);
    expect(hub.listenerCount()).toBe(0);
    expect(socket.sentAfterClose).toBe(0);
  });

  it('a symbol outside the user\'s licence is refused', async () => {
    const { hub, connect } = setup();
    const socket = connect('bo');
    socket.fromClient({ type: 'sub', symbol: 'VOD.L' });
    await socket.waitFor('error', 'VOD.L');
    expect(socket.sent).toEqual([{ type: 'error', symbol: 'VOD.L', message: 'bo may not see VOD.L' }]);
    expect(hub.listenerCount()).toBe(0);
  });

  it('subscribing twice to one symbol registers once', async () => {
    const { feed, hub, connect } = setup();
    const socket = connect('bo');
    socket.fromClient({ type: 'sub', symbol: 'AAPL' });
    socket.fromClient({ type: 'sub', symbol: 'AAPL' });
    await socket.waitFor('subscribed', 'AAPL');
    await sleep(20);
    feed.publish('AAPL', 189);
    expect(hub.listenerCount('AAPL')).toBe(1);
    expect(socket.ticks()).toHaveLength(1);
  });
});
