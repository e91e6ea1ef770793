import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PriceBackend } from '../../src/price-backend.ts';
import { PriceService } from '../../src/price-service.ts';
import { prices } from '../prices.ts';

test('six concurrent wraps of one key: one backend lookup, one price', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  const all = await Promise.all(Array.from({ length: 6 }, () => service.price('apple')));
  assert.deepEqual(all, [30, 30, 30, 30, 30, 30]);
  assert.equal(backend.lookups.get('apple'), 1);
});

test('concurrent baskets that share products: one lookup per product', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  const totals = await Promise.all([
    service.basket({ apple: 1, pear: 2 }),
    service.basket({ pear: 1, fig: 1 }),
    service.basket({ apple: 3, fig: 2 }),
  ]);
  assert.deepEqual(totals, [120, 165, 330]);
  assert.deepEqual(Object.fromEntries(backend.lookups), { apple: 1, pear: 1, fig: 1 });
});

test('concurrent wraps of an unknown product all reject; nothing is cached', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  const results = await Promise.allSettled([service.price('durian'), service.price('durian'), service.price('durian')]);
  assert.ok(results.every((r) => r.status === 'rejected'));
  assert.equal(backend.lookups.get('durian'), 1);
  assert.equal(await service.cachedPrice('durian'), null);
});

test('after the concurrent burst the value is served from the cache', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  await Promise.all([service.price('fig'), service.price('fig')]);
  assert.equal(await service.cachedPrice('fig'), 120);
  await Promise.all([service.price('fig'), service.price('fig'), service.price('fig')]);
  assert.equal(backend.total(), 1);
});
