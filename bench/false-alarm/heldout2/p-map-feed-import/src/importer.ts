import pMap, { pMapSkip } from 'p-map';
import { type RawItem, Validator } from './feed.ts';

export interface Imported {
  sku: string;
  cents: number;
}

export class FeedImporter {
  constructor(readonly validator: Validator, readonly concurrency = 3) {}

  /** Validates every active item; the result is in feed order, without discontinued items. Any bad item fails the import, after all items ran. */
  import(items: Iterable<RawItem> | AsyncIterable<RawItem>): Promise<Imported[]> {
    return pMap(
      items,
      async (item: RawItem) => {
        if (item.status === 'discontinued') return pMapSkip;
        return this.validator.validate(item);
      },
      { concurrency: this.concurrency, stopOnError: false },
    );
  }

  /** Like import, but reports the bad items instead of failing. */
  async importLenient(items: RawItem[]): Promise<{ imported: Imported[]; errors: string[] }> {
    try {
      return { imported: await this.import(items), errors: [] };
    } catch (error) {
      if (!(error instanceof AggregateError)) throw error;
      const good = await this.import(items.filter((i) => !error.errors.some((e: Error) => e.message.startsWith(`bad price for ${i.sku}:`))));
      return { imported: good, errors: error.errors.map((e: Error) => e.message).sort() };
    }
  }
}
