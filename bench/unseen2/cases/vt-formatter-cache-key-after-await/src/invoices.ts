import type { FormatterCache } from './money';

export interface Invoice {
  number: string;
  locale: string;
  currency: string;
  total: number;
}

/** Renders invoice summaries; one options object is reused for every invoice. */
export class InvoiceRenderer {
  private readonly options = { locale: 'en-US', currency: 'USD' };

  constructor(private readonly formatters: FormatterCache) {}

  async summary(invoice: Invoice): Promise<string> {
    this.options.locale = invoice.locale;
    this.options.currency = invoice.currency;
    const money = await this.formatters.get(this.options);
    return `Invoice ${invoice.number}: ${money.format(invoice.total)}`;
  }
}
