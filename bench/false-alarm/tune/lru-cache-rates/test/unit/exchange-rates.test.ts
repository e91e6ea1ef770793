import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExchangeRates } from '../../src/exchange-rates.ts';
import { QuoteApi } from '../../src/quote-api.ts';
import { rates } from '../rates.ts';

test('rate asks the api once, then serves from the cache', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  assert.equal((await fx.rate('EUR/USD')).rate, 1.08);
  assert.equal((await fx.rate('EUR/USD')).rate, 1.08);
  assert.equal(api.calls.get('EUR/USD'), 1);
});

test('convert multiplies and rounds to cents', async () => {
  const fx = new ExchangeRates(new QuoteApi(rates));
  assert.equal(await fx.convert(10, 'EUR', 'USD'), 10.8);
  assert.equal(await fx.convert(10, 'EUR', 'EUR'), 10);
});

test('an unknown pair rejects and is not cached', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  await assert.rejects(fx.rate('XXX/YYY'), /unknown pair/);
  assert.equal(fx.cached('XXX/YYY'), false);
});

test('capacity 2 evicts the least recently used pair', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api, 2);
  await fx.rate('EUR/USD');
  await fx.rate('USD/JPY');
  await fx.rate('GBP/EUR');
  assert.equal(fx.cached('EUR/USD'), false);
  assert.equal(fx.cached('GBP/EUR'), true);
});
