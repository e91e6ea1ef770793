import assert from 'node:assert/strict';
import { createMemoryJournal, queueStats } from '../../src/keyed-queue';
import { Ledger, PaymentsService, WalletStore } from '../../src/wallet';

function setup() {
  const store = new WalletStore();
  store.open('alice', 10_000);
  store.open('bob', 2_500);
  const journal = createMemoryJournal();
  const ledger = new Ledger(store, journal);
  return { journal, ledger, payments: new PaymentsService(ledger) };
}

describe('payments, one request at a time', () => {
  it('a charge lowers the balance', async () => {
    const { ledger, payments } = setup();
    assert.deepEqual(await payments.charge('alice', 1_250, 'ord-1'), { ok: true, balance: 8_750 });
    assert.equal(await ledger.balance('alice'), 8_750);
  });

  it('a charge above the balance is declined and changes nothing', async () => {
    const { ledger, payments } = setup();
    const result = await payments.charge('bob', 9_999, 'ord-2');
    assert.equal(result.ok, false);
    assert.equal(await ledger.balance('bob'), 2_500);
  });

  it('a refund raises the balance', async () => {
    const { payments } = setup();
    assert.equal(await payments.refund('bob', 500, 'ord-3'), 3_000);
  });

  it('a transfer moves money between wallets', async () => {
    const { ledger, payments } = setup();
    await payments.transfer('alice', 'bob', 4_000, 'tx-1');
    assert.deepEqual([await ledger.balance('alice'), await ledger.balance('bob')], [6_000, 6_500]);
  });

  it('every change is journalled', async () => {
    const { journal, payments } = setup();
    await payments.charge('alice', 100, 'a');
    await payments.refund('alice', 100, 'b');
    assert.deepEqual(journal.entries.map((e) => e.label), ['charge a', 'refund b']);
    assert.equal(queueStats().running, 0);
  });

  it('bad amounts are refused', async () => {
    const { payments } = setup();
    assert.equal((await payments.charge('alice', 0, 'z')).ok, false);
    await assert.rejects(payments.refund('alice', -5, 'z'), /positive number of cents/);
  });
});
