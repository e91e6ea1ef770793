import { describe, expect, it } from 'vitest';
import { RulesSource } from '../../src/locale-rules';
import { cacheKey, FormatterCache, MoneyFormatter } from '../../src/money';
import { InvoiceRenderer } from '../../src/invoices';

describe('MoneyFormatter', () => {
  it('formats by the locale rules', () => {
    expect(new MoneyFormatter({ decimal: '.', group: ',', symbolFirst: true }, 'USD').format(1234567.5)).toBe('$1,234,567.50');
    expect(new MoneyFormatter({ decimal: ',', group: '.', symbolFirst: false }, 'EUR').format(99)).toBe('99,00 €');
    expect(new MoneyFormatter({ decimal: '.', group: ',', symbolFirst: true }, 'CHF').format(5)).toBe('CHF5.00');
  });

  it('keys the cache by locale and currency', () => {
    expect(cacheKey('de-DE', 'EUR')).toBe('de-DE|EUR');
  });
});

describe('FormatterCache', () => {
  it('loads the rules of a locale once per currency', async () => {
    const source = new RulesSource();
    const cache = new FormatterCache(source);
    const a = await cache.get({ locale: 'de-DE', currency: 'EUR' });
    const b = await cache.get({ locale: 'de-DE', currency: 'EUR' });
    expect(a).toBe(b);
    await cache.get({ locale: 'de-DE', currency: 'USD' });
    expect(source.loads).toBe(2);
    expect(cache.size).toBe(2);
  });

  it('refuses an unknown locale', async () => {
    await expect(new FormatterCache(new RulesSource()).get({ locale: 'xx-XX', currency: 'EUR' })).rejects.toThrow(/no number rules/);
  });
});

describe('InvoiceRenderer', () => {
  it('renders invoices one after another', async () => {
    const renderer = new InvoiceRenderer(new FormatterCache(new RulesSource()));
    expect(await renderer.summary({ number: 'A-1', locale: 'fr-FR', currency: 'EUR', total: 1500 })).toBe('Invoice A-1: 1 500,00 €');
    expect(await renderer.summary({ number: 'A-2', locale: 'en-US', currency: 'GBP', total: 12.3 })).toBe('Invoice A-2: £12.30');
  });
});
