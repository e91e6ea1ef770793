import assert from 'node:assert/strict';
import { Connection } from '../../src/db.ts';
import { balanced, balanceOf, Journal } from '../../src/journal.ts';

describe('journal', () => {
  it('checks that a posting balances', () => {
    assert.equal(balanced([{ account: 'a', amount: 5, memo: '' }, { account: 'b', amount: -5, memo: '' }]), true);
    assert.equal(balanced([{ account: 'a', amount: 5, memo: '' }]), false);
  });

  it('posts a balanced entry', async () => {
    const conn = new Connection();
    const journal = new Journal(conn);
    assert.equal(await journal.post('rent', [['cash', -1200], ['rent', 1200]]), 2);
    assert.equal(balanceOf(conn.committed, 'cash'), -1200);
    assert.deepEqual(conn.warnings, []);
  });

  it('an unbalanced posting leaves nothing behind', async () => {
    const conn = new Connection();
    const journal = new Journal(conn);
    await assert.rejects(journal.post('typo', [['cash', -100], ['fees', 10]]), /does not balance/);
    assert.deepEqual(conn.committed, []);
  });

  it('postings one after another all commit', async () => {
    const conn = new Connection();
    const journal = new Journal(conn);
    await journal.post('a', [['cash', -1], ['x', 1]]);
    await assert.rejects(journal.post('b', [['cash', 0.5], ['x', -0.5]]), /whole cents/);
    await journal.post('c', [['cash', -2], ['y', 2]]);
    assert.equal(conn.committed.length, 4);
    assert.equal(balanced(conn.committed), true);
  });
});
