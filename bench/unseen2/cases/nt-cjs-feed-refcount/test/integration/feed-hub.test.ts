import { test } from 'node:test';
import assert from 'node:assert/strict';
import hub from '../../src/feed-hub.cjs';

const { FeedHub, marketUrl } = hub;

test('a subscriber joining while the last one leaves gets a live connection', async () => {
  const feed = new FeedHub(marketUrl('BTC-EUR'));
  await feed.join();
  const [, conn] = await Promise.all([feed.leave(), feed.join()]);
  assert.equal(conn.closed, false);
  assert.equal(await conn.send('subscribe BTC-EUR'), 1);
  assert.equal(feed.subscribers(), 1);
});

test('subscribers coming and going at once keep the feed open for those who stay', async () => {
  const feed = new FeedHub(marketUrl('ETH-EUR'));
  await Promise.all([feed.join(), feed.join()]);
  const results = await Promise.all([feed.leave(), feed.leave(), feed.join(), feed.join()]);
  const joined = results.slice(2);
  for (const conn of joined) {
    assert.equal(conn.closed, false);
    await conn.send('ping');
  }
  assert.equal(feed.subscribers(), 2);
});

test('many first subscribers at once open one connection', async () => {
  const feed = new FeedHub(marketUrl('ADA-EUR'));
  const conns = await Promise.all([feed.join(), feed.join(), feed.join()]);
  assert.equal(new Set(conns).size, 1);
  await Promise.all([feed.leave(), feed.leave(), feed.leave()]);
  assert.equal(conns[0].closed, true);
});
