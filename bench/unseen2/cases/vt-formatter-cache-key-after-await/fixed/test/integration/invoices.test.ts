import { describe, expect, it } from 'vitest';
import { RulesSource } from '../../src/locale-rules';
import { FormatterCache } from '../../src/money';
import { InvoiceRenderer, type Invoice } from '../../src/invoices';

const batch: Invoice[] = [
  { number: 'B-1', locale: 'de-DE', currency: 'EUR', total: 1234.5 },
  { number: 'B-2', locale: 'en-US', currency: 'USD', total: 99 },
  { number: 'B-3', locale: 'fr-FR', currency: 'GBP', total: 20000 },
];

describe('rendering a batch of invoices at once', () => {
  it('each invoice is formatted for its own locale and currency', async () => {
    const renderer = new InvoiceRenderer(new FormatterCache(new RulesSource()));
    const lines = await Promise.all(batch.map((inv) => renderer.summary(inv)));
    expect(lines).toEqual(['Invoice B-1: 1.234,50 €', 'Invoice B-2: $99.00', 'Invoice B-3: 20 000,00 £']);
  });

  it('the cache hands out the right formatter afterwards', async () => {
    const cache = new FormatterCache(new RulesSource());
    const renderer = new InvoiceRenderer(cache);
    await Promise.all(batch.map((inv) => renderer.summary(inv)));
    expect(cache.size).toBe(3);
    const pounds = await cache.get({ locale: 'fr-FR', currency: 'GBP' });
    expect(pounds.format(1234)).toBe('1 234,00 £');
    const usd = await cache.get({ locale: 'en-US', currency: 'USD' });
    expect(usd.format(1000)).toBe('$1,000.00');
    const eur = await cache.get({ locale: 'de-DE', currency: 'EUR' });
    expect(eur.format(0.5)).toBe('0,50 €');
  });

  it('two renderers sharing a cache both render correctly', async () => {
    const cache = new FormatterCache(new RulesSource());
    const r1 = new InvoiceRenderer(cache);
    const r2 = new InvoiceRenderer(cache);
    const [a, b] = await Promise.all([r1.summary(batch[0]), r2.summary(batch[1])]);
    expect(a).toBe('Invoice B-1: 1.234,50 €');
    expect(b).toBe('Invoice B-2: $99.00');
  });
});
