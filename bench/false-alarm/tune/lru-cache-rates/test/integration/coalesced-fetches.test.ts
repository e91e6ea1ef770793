import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExchangeRates } from '../../src/exchange-rates.ts';
import { QuoteApi } from '../../src/quote-api.ts';
import { rates } from '../rates.ts';

test('five concurrent fetches of one pair: one upstream call, one quote', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  const quotes = await Promise.all(Array.from({ length: 5 }, () => fx.rate('EUR/USD')));
  assert.equal(api.calls.get('EUR/USD'), 1);
  assert.ok(quotes.every((q) => q === quotes[0]));
  assert.equal(quotes[0].version, 1);
});

test('concurrent conversions over three pairs: one call per pair', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  const amounts = await Promise.all([
    fx.convert(100, 'EUR', 'USD'),
    fx.convert(2, 'USD', 'JPY'),
    fx.convert(50, 'GBP', 'EUR'),
    fx.convert(1, 'EUR', 'USD'),
    fx.convert(3, 'USD', 'JPY'),
  ]);
  assert.deepEqual(amounts, [108, 302.4, 58.5, 1.08, 453.6]);
  assert.equal(api.total(), 3);
});

test('concurrent fetches of an unknown pair all reject after one call', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  const results = await Promise.allSettled([fx.rate('ABC/DEF'), fx.rate('ABC/DEF'), fx.rate('ABC/DEF')]);
  assert.ok(results.every((r) => r.status === 'rejected'));
  assert.equal(api.calls.get('ABC/DEF'), 1);
});

test('a forced refresh next to readers: readers get a quote, the cache ends with the newest', async () => {
  const api = new QuoteApi(rates);
  const fx = new ExchangeRates(api);
  const first = await fx.rate('EUR/USD');
  const [readerA, refreshed, readerB] = await Promise.all([fx.rate('EUR/USD'), fx.refresh('EUR/USD'), fx.rate('EUR/USD')]);
  assert.equal(readerA.rate, 1.08);
  assert.equal(readerB.rate, 1.08);
  assert.equal(refreshed?.version, 2);
  assert.equal(api.calls.get('EUR/USD'), 2);
  assert.equal((await fx.rate('EUR/USD')).version, 2);
  assert.equal(first.version, 1);
});
