import assert from 'node:assert/strict';
import { RateApi, RateApiError } from '../../src/rate-api';
import { RateCache } from '../../src/rate-cache';

describe('RateCache, one call at a time', function () {
  let api: RateApi;
  let rates: RateCache;
  beforeEach(function () {
    api = new RateApi();
    rates = new RateCache(api);
  });
  afterEach(function () {
    rates.close();
  });

  it('loads a rate on a miss and caches it', async function () {
    assert.equal(await rates.rate('EUR/USD'), 1.08);
    assert.equal(await rates.rate('EUR/USD'), 1.08);
    assert.equal(api.count('EUR/USD'), 1);
    assert.deepEqual(rates.events, ['set EUR/USD']);
  });

  it('converts an amount', async function () {
    assert.equal(await rates.convert(100, 'GBP/USD'), 127);
  });

  it('an unknown pair rejects and is not cached', async function () {
    await assert.rejects(rates.rate('XXX/YYY'), RateApiError);
    assert.equal(rates.cache.has('XXX/YYY'), false);
  });

  it('invalidate makes the next call load again', async function () {
    await rates.rate('USD/JPY');
    api.setRate('USD/JPY', 150);
    rates.invalidate('USD/JPY');
    assert.equal(await rates.rate('USD/JPY'), 150);
    assert.equal(api.count('USD/JPY'), 2);
  });

  it('an entry expires after its TTL', async function () {
    const short = new RateCache(api, 0.03);
    try {
      await short.rate('USD/CHF');
      await new Promise((r) => setTimeout(r, 80));
      await short.rate('USD/CHF');
      assert.equal(api.count('USD/CHF'), 2);
      assert.ok(short.events.includes('expired USD/CHF'));
    } finally {
      short.close();
    }
  });
});
