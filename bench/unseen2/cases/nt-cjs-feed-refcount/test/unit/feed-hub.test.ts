import { test } from 'node:test';
import assert from 'node:assert/strict';
import hub from '../../src/feed-hub.cjs';
import upstream from '../../src/upstream.cjs';

const { FeedHub, marketUrl } = hub;

test('marketUrl names the market', () => {
  assert.equal(marketUrl('BTC-EUR'), 'wss://prices.example/btc-eur');
});

test('a connection refuses to send once closed', async () => {
  const conn = await upstream.openUpstream('wss://prices.example/x');
  assert.equal(await conn.send('hello'), 1);
  await conn.close();
  await assert.rejects(conn.send('late'), /is closed/);
});

test('subscribers share one connection', async () => {
  const feed = new FeedHub(marketUrl('ETH-USD'));
  const a = await feed.join();
  const b = await feed.join();
  assert.equal(a, b);
  assert.equal(feed.subscribers(), 2);
  await feed.leave();
  assert.equal(a.closed, false);
  await feed.leave();
  assert.equal(a.closed, true);
  assert.equal(feed.subscribers(), 0);
});

test('joining after everyone left opens a new connection', async () => {
  const feed = new FeedHub(marketUrl('SOL-USD'));
  const first = await feed.join();
  await feed.leave();
  const second = await feed.join();
  assert.notEqual(first, second);
  assert.equal(second.closed, false);
  await feed.leave();
});
