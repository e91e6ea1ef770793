import { Bank } from '../../src/ledger';

describe('ledger under concurrent postings', () => {
  test('concurrent deposits to one account are all counted', async () => {
    const bank = new Bank();
    await bank.deposit('acc-1', 1000);
    const amounts = [100, 200, 300, 400];
    await Promise.all(amounts.map((a) => bank.deposit('acc-1', a)));
    expect(await bank.balance('acc-1')).toBe(2000);
    const afters = bank.ledger.store.entries.map((e) => e.balanceAfter);
    expect(new Set(afters).size).toBe(afters.length);
  });

  test('one deposit at a time per bank, banks side by side', async () => {
    const banks = [new Bank(), new Bank(), new Bank()];
    await Promise.all(banks.map((bank, i) => bank.deposit('acc-1', 100 * (i + 1))));
    expect(await Promise.all(banks.map((b) => b.balance('acc-1')))).toEqual([100, 200, 300]);
  });

  test('a posting started after the others finished sees their total', async () => {
    const bank = new Bank();
    await bank.deposit('acc-1', 50);
    await bank.withdraw('acc-1', 20);
    const [a, b] = await Promise.all([bank.balance('acc-1'), bank.statement('acc-1')]);
    expect(a).toBe(30);
    expect(b).toBe('+50 = 50\n-20 = 30');
  });
});
