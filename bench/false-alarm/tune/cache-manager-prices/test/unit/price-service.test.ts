import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PriceBackend } from '../../src/price-backend.ts';
import { PriceService } from '../../src/price-service.ts';
import { prices } from '../prices.ts';

test('price asks the backend once, then the cache', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  assert.equal(await service.price('apple'), 30);
  assert.equal(await service.price('apple'), 30);
  assert.equal(backend.lookups.get('apple'), 1);
  assert.equal(await service.cachedPrice('apple'), 30);
});

test('basket sums line prices', async () => {
  const service = new PriceService(new PriceBackend(prices));
  assert.equal(await service.basket({ apple: 2, fig: 1 }), 180);
});

test('invalidate forces a new lookup', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend);
  await service.price('pear');
  await service.invalidate('pear');
  await service.price('pear');
  assert.equal(backend.lookups.get('pear'), 2);
});

test('an unknown product rejects and is not cached', async () => {
  const service = new PriceService(new PriceBackend(prices));
  await assert.rejects(service.price('durian'), /unknown product/);
  assert.equal(await service.cachedPrice('durian'), null);
});

test('entries expire after the ttl', async () => {
  const backend = new PriceBackend(prices);
  const service = new PriceService(backend, 20);
  await service.price('fig');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await service.price('fig');
  assert.equal(backend.lookups.get('fig'), 2);
});
