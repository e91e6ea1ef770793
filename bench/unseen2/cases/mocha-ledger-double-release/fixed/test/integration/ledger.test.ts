import assert from 'node:assert/strict';
import { BalanceTable, InsufficientFunds, Ledger } from '../../src/ledger.ts';

function total(table: BalanceTable): number {
  return Object.values(table.snapshot()).reduce((a, b) => a + b, 0);
}

describe('ledger under concurrent transfers', () => {
  it('a refused transfer among payouts keeps every balance right', async () => {
    const table = new BalanceTable({ ops: 1000, ann: 0, bob: 0, cyd: 0, eve: 10 });
    const ledger = new Ledger(table);
    const results = await Promise.allSettled([
      ledger.transfer('eve', 'ops', 500),
      ledger.transfer('ops', 'ann', 100),
      ledger.transfer('ops', 'bob', 200),
      ledger.transfer('ops', 'cyd', 300),
    ]);
    assert.ok(results[0].status === 'rejected' && results[0].reason instanceof InsufficientFunds);
    assert.deepEqual(table.snapshot(), { ops: 400, ann: 100, bob: 200, cyd: 300, eve: 10 });
  });

  it('money is conserved when several overdrafts are refused', async () => {
    const table = new BalanceTable({ a: 50, b: 50, pool: 0 });
    const ledger = new Ledger(table);
    await Promise.allSettled([
      ledger.transfer('a', 'pool', 80),
      ledger.transfer('a', 'pool', 30),
      ledger.transfer('b', 'pool', 80),
      ledger.transfer('b', 'pool', 40),
      ledger.transfer('a', 'pool', 20),
    ]);
    assert.equal(total(table), 100);
    assert.deepEqual(table.snapshot(), { a: 0, b: 10, pool: 90 });
  });

  it('transfers that all succeed are applied one after another', async () => {
    const table = new BalanceTable({ ann: 300, bob: 300 });
    const ledger = new Ledger(table);
    await Promise.all([
      ledger.transfer('ann', 'bob', 10),
      ledger.transfer('bob', 'ann', 20),
      ledger.transfer('ann', 'bob', 30),
    ]);
    assert.deepEqual(table.snapshot(), { ann: 280, bob: 320 });
    assert.equal(ledger.journal.length, 3);
  });
});
