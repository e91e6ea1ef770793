import { describe, expect, it } from 'vitest';
import { Entitlements, ExchangeFeed } from '../../src/exchange';
import { createQuoteHub } from '../../src/hub';
import { FakeSocket, QuoteSession } from '../../src/session';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rand = (max: number) => Math.floor(Math.random() * (max + 1));

// Licence checks take 1-6 ms, the upstream subscription 1-3 ms.
function setup() {
  const feed = new ExchangeFeed();
  const hub = createQuoteHub(feed, new Entitlements({ ana: ['US', 'L'], bo: ['US'], cy: ['US'] }));
  const connect = (user: string) => {
    const socket = new FakeSocket();
    new QuoteSession(user, socket, hub);
    return socket;
  };
  return { feed, hub, connect };
}

describe('the quote gateway with many sessions', () => {
  it('a panel opened and shut at once gets no ticks after it is shut', async () => {
    const { feed, hub, connect } = setup();
    const watcher = connect('ana');
    const flicker = connect('bo');
    watcher.fromClient({ type: 'sub', symbol: 'NVDA' });
    flicker.fromClient({ type: 'sub', symbol: 'NVDA' });
    await sleep(rand(5));
    flicker.fromClient({ type: 'unsub', symbol: 'NVDA' });
    await watcher.waitFor('subscribed', 'NVDA');
    await sleep(25);
    feed.publish('NVDA', 120.1);
    feed.publish('NVDA', 120.4);
    expect(watcher.ticks('NVDA')).toHaveLength(2);
    expect(flicker.ticks('NVDA')).toEqual([]);
    expect(hub.listenerCount('NVDA')).toBe(1);
  });

  it('fifty sessions on one symbol open one upstream subscription', async () => {
    const { feed, hub, connect } = setup();
    const sockets = Array.from({ length: 50 }, (_, i) => connect(['ana', 'bo', 'cy'][i % 3]));
    for (const socket of sockets) socket.fromClient({ type: 'sub', symbol: 'TSLA' });
    await Promise.all(sockets.map((socket) => socket.waitFor('subscribed', 'TSLA')));
    expect(hub.upstreamOpens).toBe(1);
    expect(feed.subscribeCalls).toBe(1);
    expect(hub.listenerCount('TSLA')).toBe(50);
  });

  it('every subscriber gets the ticks in exchange order', async () => {
    const { feed, connect } = setup();
    const sockets = ['ana', 'bo', 'cy'].map((user) => connect(user));
    await Promise.all(sockets.map(async (socket) => {
      await sleep(rand(4));
      socket.fromClient({ type: 'sub', symbol: 'AMD' });
    }));
    await Promise.all(sockets.map((socket) => socket.waitFor('subscribed', 'AMD')));
    for (let i = 0; i < 5; i++) feed.publish('AMD', 150 + i);
    for (const socket of sockets) expect(socket.ticks('AMD').map((t) => t.price)).toEqual([150, 151, 152, 153, 154]);
  });

  it('a user without the licence gets an error frame while the others subscribe', async () => {
    const { feed, hub, connect } = setup();
    const london = connect('ana');
    const us = connect('cy');
    london.fromClient({ type: 'sub', symbol: 'BP.L' });
    us.fromClient({ type: 'sub', symbol: 'BP.L' });
    await Promise.all([london.waitFor('subscribed', 'BP.L'), us.waitFor('error', 'BP.L')]);
    feed.publish('BP.L', 4.6);
    expect(us.sent).toEqual([{ type: 'error', symbol: 'BP.L', message: 'cy may not see BP.L' }]);
    expect(london.ticks('BP.L')).toHaveLength(1);
    expect(hub.listenerCount('BP.L')).toBe(1);
  });
});
