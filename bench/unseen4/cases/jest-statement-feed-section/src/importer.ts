import { FxDesk, LineFeed } from './feed';

export interface Booking {
  date: string;
  cents: number;
  memo: string;
}

interface Section {
  account: string;
  currency: string;
}

export function parseAmount(text: string): number {
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new Error(`bad amount ${text}`);
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}

/**
 * Imports statements written as
 *   ACCOUNT <id> <currency>
 *   TX <date> <amount> <currency> <memo…>
 * Transactions in another currency than their account's are converted through the FX desk.
 */
export class StatementImporter {
  readonly books = new Map<string, Booking[]>();
  readonly errors: string[] = [];
  private section: Section | undefined;

  constructor(private readonly fx: FxDesk) {}

  /** Handles one line; the stream's 'line' listener. */
  readonly onLine = async (raw: string): Promise<void> => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [tag, ...rest] = line.split(/\s+/);
    if (tag === 'ACCOUNT') {
      this.section = { account: rest[0], currency: rest[1] };
      if (!this.books.has(rest[0])) this.books.set(rest[0], []);
      return;
    }
    if (tag !== 'TX' || rest.length < 3) return void this.errors.push(`unreadable: ${line}`);
    if (!this.section) return void this.errors.push(`transaction before any ACCOUNT: ${line}`);
    const [date, amount, currency, ...memo] = rest;
    const cents = parseAmount(amount);
    const booked = currency === this.section.currency ? cents : await this.fx.convert(cents, currency, this.section.currency);
    this.books.get(this.section.account)!.push({ date, cents: booked, memo: memo.join(' ') });
  };

  /** Imports lines already in memory, one after another. */
  async importLines(lines: string[]): Promise<Map<string, Booking[]>> {
    for (const line of lines) await this.handle(line);
    return this.books;
  }

  /** Imports a statement as it streams in; resolves when the stream ended and every line is booked. */
  importFrom(feed: LineFeed): Promise<Map<string, Booking[]>> {
    const pending: Promise<void>[] = [];
    return new Promise((resolve) => {
      feed.on('line', (line: string) => pending.push(this.handle(line)));
      feed.once('end', () => {
        void Promise.all(pending).then(() => resolve(this.books));
      });
      feed.start();
    });
  }

  balance(account: string): number {
    return (this.books.get(account) ?? []).reduce((sum, b) => sum + b.cents, 0);
  }

  private handle(line: string): Promise<void> {
    return this.onLine(line).catch((err: Error) => void this.errors.push(err.message));
  }
}
