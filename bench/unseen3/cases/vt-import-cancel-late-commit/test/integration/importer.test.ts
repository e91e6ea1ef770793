import { describe, expect, it } from 'vitest';
import { CancelledError, CancelToken } from '../../src/cancel';
import { ContactImporter, ContactStore, EmailValidator } from '../../src/importer';

const lines = (n: number, tag = 'u') => Array.from({ length: n }, (_, i) => `User ${i}, ${tag}${i}@example.com`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('contact importer with a user at the controls', () => {
  it('nothing is committed after the user cancels', async () => {
    const store = new ContactStore();
    const importer = new ContactImporter(store, new EmailValidator());
    const token = new CancelToken();
    let rowsAtCancel = -1;
    const [result] = await Promise.allSettled([
      importer.import(lines(12), token),
      sleep(2 + Math.floor(Math.random() * 6)).then(() => {
        rowsAtCancel = store.rows.length;
        token.cancel();
      }),
    ]);
    if (result.status === 'fulfilled') {
      expect(store.rows).toHaveLength(12);
    } else {
      expect(result.reason).toBeInstanceOf(CancelledError);
      expect(store.rows).toHaveLength(rowsAtCancel);
    }
  });

  it('a large import stopped midway keeps only what was committed before', async () => {
    const store = new ContactStore();
    const importer = new ContactImporter(store, new EmailValidator(), 4);
    const token = new CancelToken();
    let rowsAtCancel = -1;
    const [result] = await Promise.allSettled([
      importer.import(lines(24), token),
      sleep(5 + Math.floor(Math.random() * 10)).then(() => {
        rowsAtCancel = store.rows.length;
        token.cancel('window closed');
      }),
    ]);
    expect(store.rows).toHaveLength(result.status === 'fulfilled' ? 24 : rowsAtCancel);
  });

  it('two files imported at once both arrive', async () => {
    const store = new ContactStore();
    const importer = new ContactImporter(store, new EmailValidator(), 2);
    const [a, b] = await Promise.all([importer.import(lines(5, 'a'), new CancelToken()), importer.import(lines(4, 'b'), new CancelToken())]);
    expect(a.imported + b.imported).toBe(9);
    expect(store.rows).toHaveLength(9);
  });

  it('cancelling one import leaves the other running', async () => {
    const store = new ContactStore();
    const importer = new ContactImporter(store, new EmailValidator(), 2);
    const stop = new CancelToken();
    stop.cancel();
    const [a, b] = await Promise.allSettled([importer.import(lines(4, 'a'), stop), importer.import(lines(4, 'b'), new CancelToken())]);
    expect(a.status).toBe('rejected');
    expect(b).toEqual({ status: 'fulfilled', value: { imported: 4, rejected: 0 } });
    expect(store.rows.every((r) => r.email.startsWith('b'))).toBe(true);
  });

  it('a cancel after the import finished changes nothing', async () => {
    const store = new ContactStore();
    const token = new CancelToken();
    const [result] = await Promise.all([new ContactImporter(store, new EmailValidator()).import(lines(3), token)]);
    token.cancel();
    expect(result.imported).toBe(3);
    expect(store.rows).toHaveLength(3);
  });
});
