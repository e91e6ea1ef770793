import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PriceFeed } from '../../src/price-feed.ts';
import { formatPrice, isFresh, PriceCache } from '../../src/price-cache.ts';

test('helpers', () => {
  assert.equal(formatPrice(1999), '$19.99');
  assert.equal(isFresh(undefined, 10, 0), false);
  assert.equal(isFresh({ price: 1, at: 0 }, 10, 5), true);
  assert.equal(isFresh({ price: 1, at: 0 }, 10, 10), false);
});

test('get fetches once, then serves from the cache', async () => {
  const feed = new PriceFeed({ apple: 120 });
  const cache = new PriceCache(feed);
  assert.equal(await cache.get('apple'), 120);
  assert.equal(await cache.get('apple'), 120);
  assert.equal(feed.fetches, 1);
});

test('update publishes and caches the new price; refresh reads it back', async () => {
  const feed = new PriceFeed({ pear: 80 });
  const cache = new PriceCache(feed);
  await cache.refresh('pear');
  await cache.update('pear', 95);
  assert.equal(cache.peek('pear'), 95);
  assert.equal(feed.current('pear'), 95);
  await cache.refresh('pear');
  assert.equal(cache.peek('pear'), 95);
});
