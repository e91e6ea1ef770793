import { FxDesk } from '../../src/feed';
import { parseAmount, StatementImporter } from '../../src/importer';

const STATEMENT = [
  '# two accounts',
  'ACCOUNT chk-1 EUR',
  'TX 2024-03-01 -12.50 EUR groceries',
  'TX 2024-03-02 100.00 USD refund from shop',
  'ACCOUNT sav-2 GBP',
  'TX 2024-03-03 50 GBP interest',
  'TX 2024-03-04 -10.00 EUR card fee',
];

describe('statement importer', () => {
  test('parses amounts into cents', () => {
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('-0.07')).toBe(-7);
    expect(parseAmount('300')).toBe(30000);
    expect(() => parseAmount('1,50')).toThrow(/bad amount/);
  });

  test('books each transaction on its own account, converting foreign ones', async () => {
    const importer = new StatementImporter(new FxDesk());
    const books = await importer.importLines(STATEMENT);
    expect(books.get('chk-1')).toEqual([
      { date: '2024-03-01', cents: -1250, memo: 'groceries' },
      { date: '2024-03-02', cents: 9200, memo: 'refund from shop' },
    ]);
    expect(books.get('sav-2')).toEqual([
      { date: '2024-03-03', cents: 5000, memo: 'interest' },
      { date: '2024-03-04', cents: -855, memo: 'card fee' },
    ]);
  });

  test('a transaction before any account is an error', async () => {
    const importer = new StatementImporter(new FxDesk());
    await importer.importLines(['TX 2024-03-01 1.00 EUR x', 'ACCOUNT a EUR']);
    expect(importer.errors).toEqual(['transaction before any ACCOUNT: TX 2024-03-01 1.00 EUR x']);
    expect(importer.books.get('a')).toEqual([]);
  });

  test('unreadable lines and unknown currencies are reported, the rest is booked', async () => {
    const importer = new StatementImporter(new FxDesk());
    await importer.importLines(['ACCOUNT a EUR', 'HELLO', 'TX 2024-03-01 1.00 JPY x', 'TX 2024-03-02 2.00 EUR y']);
    expect(importer.errors).toEqual(['unreadable: HELLO', 'no rate JPY/EUR']);
    expect(importer.balance('a')).toBe(200);
  });

  test('home-currency transactions need no conversion', async () => {
    const fx = new FxDesk();
    const importer = new StatementImporter(fx);
    await importer.importLines(['ACCOUNT a CHF', 'TX d1 1.00 CHF x', 'TX d2 2.00 CHF y']);
    expect(fx.calls).toBe(0);
    expect(importer.balance('a')).toBe(300);
  });
});
