import assert from 'node:assert/strict';
import { Connection } from '../../src/db.ts';
import { balanced, balanceOf, Journal } from '../../src/journal.ts';

describe('journal under concurrent postings', () => {
  it('a failed posting does not undo another one made at the same time', async () => {
    const conn = new Connection();
    const journal = new Journal(conn);
    const results = await Promise.allSettled([
      journal.post('salary', [['cash', 3000], ['payroll', -3000]]),
      journal.post('typo', [['cash', -100], ['fees', 10]]),
    ]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected']);
    assert.equal(balanceOf(conn.committed, 'cash'), 3000);
    assert.equal(balanced(conn.committed), true);
  });

  it('the books balance after many postings at once', async () => {
    const conn = new Connection();
    const journal = new Journal(conn);
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => journal.post(`sale ${i}`, [['cash', 10 * (i + 1)], ['sales', -10 * (i + 1)], ['tax', 0]])),
    );
    assert.equal(conn.committed.length, 12);
    assert.equal(balanceOf(conn.committed, 'cash'), 100);
    assert.deepEqual(conn.warnings, []);
  });

  it('postings on separate connections stay apart', async () => {
    const a = new Connection();
    const b = new Connection();
    await Promise.allSettled([new Journal(a).post('ok', [['cash', 1], ['x', -1]]), new Journal(b).post('bad', [['cash', 1]])]);
    assert.equal(a.committed.length, 2);
    assert.equal(b.committed.length, 0);
  });
});
