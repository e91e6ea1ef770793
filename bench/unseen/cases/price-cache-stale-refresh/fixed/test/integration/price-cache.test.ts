import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PriceFeed } from '../../src/price-feed.ts';
import { PriceCache } from '../../src/price-cache.ts';

test('a background refresh and a price change at the same time: the cache ends with the new price', async () => {
  const feed = new PriceFeed({ apple: 120, pear: 80 });
  const cache = new PriceCache(feed);
  await Promise.all([cache.refresh('apple'), cache.update('apple', 150), cache.refresh('pear')]);
  assert.equal(feed.current('apple'), 150);
  assert.equal(cache.peek('apple'), 150);
  assert.equal(await cache.get('apple'), 150);
  assert.equal(cache.peek('pear'), 80);
});
