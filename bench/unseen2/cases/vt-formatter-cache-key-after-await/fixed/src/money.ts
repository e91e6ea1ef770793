import type { NumberRules, RulesSource } from './locale-rules';

export interface FormatOptions {
  locale: string;
  currency: string;
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

export class MoneyFormatter {
  constructor(private readonly rules: NumberRules, readonly currency: string) {}

  format(amount: number): string {
    const [whole, cents] = amount.toFixed(2).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, this.rules.group);
    const number = `${grouped}${this.rules.decimal}${cents}`;
    const symbol = SYMBOLS[this.currency] ?? this.currency;
    return this.rules.symbolFirst ? `${symbol}${number}` : `${number} ${symbol}`;
  }
}

export function cacheKey(locale: string, currency: string): string {
  return `${locale}|${currency}`;
}

/**
 * Builds one formatter per locale and currency and hands out the same one afterwards.
 * Callers may reuse one options object and change it between calls (the invoice renderer does).
 */
export class FormatterCache {
  private readonly formatters = new Map<string, MoneyFormatter>();

  constructor(private readonly rules: RulesSource) {}

  async get(options: FormatOptions): Promise<MoneyFormatter> {
    const { locale, currency } = options;
    const key = cacheKey(locale, currency);
    const cached = this.formatters.get(key);
    if (cached) return cached;
    const rules = await this.rules.load(locale);
    const formatter = new MoneyFormatter(rules, currency);
    this.formatters.set(key, formatter);
    return formatter;
  }

  get size(): number {
    return this.formatters.size;
  }
}
