import { describe, expect, test } from 'vitest';
import { Provider } from '../../src/providers';
import { QuoteService } from '../../src/quote-service';

describe('quote providers asked at once', () => {
  test('four quick providers all answer within a generous budget', async () => {
    const providers = [
      new Provider('a', 0.05, [1, 8]), new Provider('b', 0.03, [1, 8]),
      new Provider('c', 0.07, [1, 8]), new Provider('d', 0.04, [1, 8]),
    ];
    const r = await new QuoteService(providers, 2000).compare(1000);
    expect(r.quotes.map((q) => q.provider)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.best).toEqual({ provider: 'b', amount: 1000, premium: 30 });
    expect(providers.map((p) => p.calls)).toEqual([1, 1, 1, 1]);
  });

  test('a provider far slower than the budget times out and its call is aborted', async () => {
    const slow = new Provider('slow', 0.01, 5000);
    const providers = [new Provider('a', 0.05, [1, 6]), slow, new Provider('c', 0.06, [1, 6])];
    const r = await new QuoteService(providers, 30).compare(200);
    expect(r.timedOut).toEqual(['slow']);
    expect(r.quotes.map((q) => q.provider)).toEqual(['a', 'c']);
    expect(r.best?.provider).toBe('a');
    await slow.settled();
    expect(slow.aborted).toBe(1);
  });

  test('Promise.any: the fastest provider wins and the others are aborted', async () => {
    const providers = [new Provider('slower', 0.01, 3000), new Provider('fast', 0.09, 3), new Provider('slowest', 0.02, 4000)];
    const q = await new QuoteService(providers, 10_000).first(100);
    expect(q.provider).toBe('fast');
    await Promise.all(providers.map((p) => p.settled()));
    expect(providers.map((p) => p.aborted)).toEqual([1, 0, 1]);
  });

  test('five comparisons at once each get their own amounts', async () => {
    const providers = [new Provider('a', 0.05, [1, 6]), new Provider('b', 0.02, [1, 6]), new Provider('c', 0.03, [1, 6])];
    const service = new QuoteService(providers, 2000);
    const amounts = [100, 250, 400, 550, 700];
    const premiums = [2, 5, 8, 11, 14];
    const results = await Promise.all(amounts.map((a) => service.compare(a)));
    results.forEach((r, i) => {
      expect(r.best).toEqual({ provider: 'b', amount: amounts[i], premium: premiums[i] });
      expect(r.quotes).toHaveLength(3);
    });
    expect(providers.map((p) => p.calls)).toEqual([5, 5, 5]);
  });

  test('a late provider falls back to its last quote, after waiting at least the budget', async () => {
    const p = new Provider('flaky', 0.1, 2);
    const service = new QuoteService([p], 50);
    const fresh = await service.withFallback(p, 50);
    expect(fresh.stale).toBe(false);
    p.latencyMs = 5000;
    const started = performance.now();
    const [late, other] = await Promise.all([service.withFallback(p, 80), service.withFallback(p, 90)]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(late).toEqual({ provider: 'flaky', amount: 50, premium: 5, stale: true });
    expect(other).toEqual(late);
    await p.settled();
    expect(p.aborted).toBe(2);
  });
});
