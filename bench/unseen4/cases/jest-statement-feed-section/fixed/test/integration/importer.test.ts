import { FxDesk, LineFeed } from '../../src/feed';
import { StatementImporter } from '../../src/importer';

const MIXED = [
  'ACCOUNT chk-1 EUR',
  'TX 2024-03-01 -12.50 EUR groceries',
  'TX 2024-03-02 100.00 USD refund from shop',
  'ACCOUNT sav-2 GBP',
  'TX 2024-03-03 50 GBP interest',
  'ACCOUNT biz-3 CHF',
  'TX 2024-03-04 20.00 EUR invoice 17',
  'TX 2024-03-05 -5.00 CHF fee',
].join('\n');

describe('statement importer on a live feed', () => {
  test('a streamed statement books every transaction on its own account', async () => {
    const importer = new StatementImporter(new FxDesk());
    await importer.importFrom(LineFeed.fromText(MIXED));
    expect(importer.balance('chk-1')).toBe(-1250 + 9200);
    expect(importer.balance('sav-2')).toBe(5000);
    expect(importer.balance('biz-3')).toBe(1923 - 500);
    expect(importer.errors).toEqual([]);
  });

  test('a one-account feed in a foreign-heavy statement', async () => {
    const importer = new StatementImporter(new FxDesk());
    await importer.importFrom(LineFeed.fromText(['ACCOUNT us-1 USD', 'TX d1 10.00 EUR a', 'TX d2 10.00 GBP b', 'TX d3 1.00 USD c'].join('\n')));
    expect(importer.books.get('us-1')!.map((b) => b.cents).sort((x, y) => x - y)).toEqual([100, 1087, 1272]);
  });

  test('two statements streamed side by side into two importers', async () => {
    const fx = new FxDesk();
    const a = new StatementImporter(fx);
    const b = new StatementImporter(fx);
    await Promise.all([
      a.importFrom(LineFeed.fromText('ACCOUNT x EUR\nTX d1 1.00 EUR a\nTX d2 3.00 EUR b')),
      b.importFrom(LineFeed.fromText('ACCOUNT y GBP\nTX d1 2.00 GBP a')),
    ]);
    expect([a.balance('x'), b.balance('y')]).toEqual([400, 200]);
  });

  test('a home-currency statement with many accounts', async () => {
    const lines = ['a', 'b', 'c', 'd'].flatMap((acc, i) => [`ACCOUNT ${acc} EUR`, `TX d${i} ${i + 1}.00 EUR t`]);
    const importer = new StatementImporter(new FxDesk());
    await importer.importFrom(LineFeed.fromText(lines.join('\n')));
    expect(['a', 'b', 'c', 'd'].map((acc) => importer.balance(acc))).toEqual([100, 200, 300, 400]);
  });
});
