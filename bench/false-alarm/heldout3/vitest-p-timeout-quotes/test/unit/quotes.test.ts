import { describe, expect, test } from 'vitest';
import { Provider } from '../../src/providers';
import { QuoteService } from '../../src/quote-service';

describe('quotes, one request at a time', () => {
  test('a provider quotes rate × amount', async () => {
    expect(await new Provider('acme', 0.05, 2).quote(1000)).toEqual({ provider: 'acme', amount: 1000, premium: 50 });
  });

  test('compare picks the cheapest answer', async () => {
    const service = new QuoteService([new Provider('a', 0.05, 2), new Provider('b', 0.04, 3)], 1000);
    const r = await service.compare(500);
    expect(r.best).toEqual({ provider: 'b', amount: 500, premium: 20 });
    expect(r.timedOut).toEqual([]);
  });

  test('a failing provider is reported as failed', async () => {
    const service = new QuoteService([new Provider('a', 0.05, 2), new Provider('down', 0.01, 1, true)], 1000);
    const r = await service.compare(100);
    expect(r.failed).toEqual(['down']);
    expect(r.best?.provider).toBe('a');
  });

  test('withFallback returns a fresh quote when the provider is on time', async () => {
    const p = new Provider('a', 0.1, 2);
    const service = new QuoteService([p], 1000);
    expect(await service.withFallback(p, 10)).toEqual({ provider: 'a', amount: 10, premium: 1, stale: false });
  });

  test('first returns the only provider', async () => {
    const service = new QuoteService([new Provider('solo', 0.02, 1)], 1000);
    expect((await service.first(100)).provider).toBe('solo');
  });
});
