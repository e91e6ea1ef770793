import { describe, expect, it } from 'vitest';
import { CancelledError, CancelToken } from '../../src/cancel';
import { chunk, ContactImporter, ContactStore, EmailValidator, parseLine } from '../../src/importer';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `User ${i}, user${i}@example.com`);

describe('contact importer', () => {
  it('parses a CSV line', () => {
    expect(parseLine(' Ann Lee , Ann@Example.com ')).toEqual({ name: 'Ann Lee', email: 'ann@example.com' });
    expect(parseLine('nobody')).toEqual({ name: 'nobody', email: '' });
  });

  it('chunks a list', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });

  it('imports every valid row in batches', async () => {
    const store = new ContactStore();
    const importer = new ContactImporter(store, new EmailValidator());
    const result = await importer.import([...lines(5), 'Bad, bad@host.invalid', 'Worse, nope'], new CancelToken());
    expect(result).toEqual({ imported: 5, rejected: 2 });
    expect(store.rows.map((r) => r.email)).toContain('user4@example.com');
    expect(store.commits).toBe(3);
  });

  it('a token cancelled up front imports nothing', async () => {
    const store = new ContactStore();
    const token = new CancelToken();
    token.cancel('closed the dialog');
    await expect(new ContactImporter(store, new EmailValidator()).import(lines(4), token)).rejects.toThrow(CancelledError);
    expect(store.rows).toHaveLength(0);
  });

  it('cancel keeps the first reason', () => {
    const token = new CancelToken();
    token.cancel('first');
    token.cancel('second');
    expect(() => token.throwIfCancelled()).toThrow('import cancelled: first');
  });
});
