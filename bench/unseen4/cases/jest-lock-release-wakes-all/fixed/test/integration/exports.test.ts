import { Bank } from '../../src/ledger';

async function seeded(accounts: string[]): Promise<Bank> {
  const bank = new Bank();
  for (const account of accounts) await bank.deposit(account, 100);
  return bank;
}

describe('statement exports under load', () => {
  test('at most two statements render at once, and all of them finish', async () => {
    const accounts = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const bank = await seeded(accounts);
    const statements = await Promise.all(accounts.map((a) => bank.statement(a)));
    expect(statements).toEqual(accounts.map(() => '+100 = 100'));
    expect(bank.peakRendering).toBe(2);
    expect(bank.rendering).toBe(0);
  });

  test('a failing export gives its permit to the next one', async () => {
    const bank = await seeded(['a', 'b', 'c']);
    const results = await Promise.allSettled(['closed-1', 'a', 'closed-2', 'b', 'c'].map((a) => bank.statement(a)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(bank.peakRendering).toBeLessThanOrEqual(2);
  });
});
