import assert from 'node:assert/strict';
import { Mutex } from '../../src/mutex.cjs';
import { BalanceTable, InsufficientFunds, Ledger, toCents } from '../../src/ledger.ts';

describe('ledger', () => {
  it('parses amounts to cents', () => {
    assert.equal(toCents('12'), 1200);
    assert.equal(toCents('12.5'), 1250);
    assert.equal(toCents(' 0.07 '), 7);
    assert.throws(() => toCents('1.234'), /bad amount/);
  });

  it('the mutex hands over in order', async () => {
    const mutex = new Mutex();
    const order: number[] = [];
    await mutex.acquire();
    const waiting = [1, 2].map((n) => mutex.acquire().then(() => order.push(n)));
    assert.equal(mutex.pending, 2);
    mutex.release();
    await waiting[0];
    mutex.release();
    await waiting[1];
    mutex.release();
    assert.deepEqual(order, [1, 2]);
    assert.equal(mutex.locked, false);
  });

  it('moves money and journals it', async () => {
    const table = new BalanceTable({ ann: 1000, bob: 0 });
    const ledger = new Ledger(table);
    await ledger.transfer('ann', 'bob', 250);
    await ledger.transfer('bob', 'ann', 50);
    assert.deepEqual(table.snapshot(), { ann: 800, bob: 200 });
    assert.deepEqual(ledger.journal, ['ann -> bob: 250', 'bob -> ann: 50']);
  });

  it('refuses an overdraft and stays usable', async () => {
    const table = new BalanceTable({ ann: 100, bob: 0 });
    const ledger = new Ledger(table);
    await assert.rejects(ledger.transfer('ann', 'bob', 500), InsufficientFunds);
    await ledger.transfer('ann', 'bob', 100);
    assert.deepEqual(table.snapshot(), { ann: 0, bob: 100 });
  });
});
