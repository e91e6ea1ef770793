import assert from 'node:assert/strict';
import { once } from 'node:events';
import { RateApi, RateApiError } from '../../src/rate-api';
import { RateCache } from '../../src/rate-cache';

const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

describe('RateCache under concurrent callers', function () {
  let api: RateApi;
  let rates: RateCache;
  beforeEach(function () {
    api = new RateApi();
    rates = new RateCache(api);
  });
  afterEach(function () {
    rates.close();
  });

  it('ten callers of one missing pair share one lookup', async function () {
    const got = await Promise.all(Array.from({ length: 10 }, () => rates.rate('EUR/USD')));
    assert.deepEqual(new Set(got), new Set([1.08]));
    assert.equal(api.count('EUR/USD'), 1);
    assert.deepEqual(rates.events, ['set EUR/USD']);
  });

  it('staggered callers of four pairs: at most one lookup per pair', async function () {
    const pairs = ['EUR/USD', 'GBP/USD', 'USD/JPY', 'USD/CHF'];
    const asks = Array.from({ length: 24 }, (_, i) => pairs[i % 4]);
    const got = await Promise.all(asks.map(async (pair) => {
      await jitter();
      return [pair, await rates.convert(1000, pair)] as const;
    }));
    for (const [pair, amount] of got) assert.equal(amount, { 'EUR/USD': 1080, 'GBP/USD': 1270, 'USD/JPY': 151200, 'USD/CHF': 900 }[pair]);
    for (const pair of pairs) assert.equal(api.count(pair), 1, pair);
    assert.equal(rates.events.length, 4);
  });

  it('a failed lookup rejects everyone who joined it; the next caller tries again', async function () {
    api.failNext('GBP/USD');
    const settled = await Promise.allSettled([rates.rate('GBP/USD'), rates.rate('GBP/USD'), rates.rate('GBP/USD')]);
    assert.deepEqual(settled.map((s) => s.status), ['rejected', 'rejected', 'rejected']);
    for (const s of settled) if (s.status === 'rejected') assert.ok(s.reason instanceof RateApiError);
    assert.equal(await rates.rate('GBP/USD'), 1.27);
    assert.equal(api.count('GBP/USD'), 2);
  });

  it('an invalidation during a load: the stale answer is not cached, later callers see the new rate', async function () {
    const started = once(api, 'lookup');
    const stale = rates.rate('USD/JPY');
    await started;
    api.setRate('USD/JPY', 149.5);
    rates.invalidate('USD/JPY');
    const fresh = rates.rate('USD/JPY');
    assert.equal(await stale, 151.2);
    assert.equal(await fresh, 149.5);
    assert.equal(await rates.rate('USD/JPY'), 149.5);
    assert.equal(api.count('USD/JPY'), 2);
  });

  it('invalidations racing with callers never leave a rate older than the last invalidation', async function () {
    await rates.rate('USD/CHF');
    const callers = Array.from({ length: 8 }, async (_, i) => {
      await jitter();
      if (i === 3) {
        api.setRate('USD/CHF', 0.88);
        rates.invalidate('USD/CHF');
      }
      return rates.rate('USD/CHF');
    });
    const got = await Promise.all(callers);
    assert.ok(got.every((r) => r === 0.9 || r === 0.88));
    assert.equal(await rates.rate('USD/CHF'), 0.88);
  });
});
