import { test, expect } from '@jest/globals';
import { Account, checkThenWithdraw } from '../../src/account.ts';

// 003 Fig. 1: threads T1 and T2 each run the atomic block on the same account. Run serially the
// balance ends at 30 and exactly one withdrawal happens; no interleaving may do otherwise.
test('two customers withdraw 70 from 100 at the same time', async () => {
  const account = new Account(100);
  const outcomes = await Promise.allSettled([checkThenWithdraw(account, 70), checkThenWithdraw(account, 70)]);
  for (const outcome of outcomes) {
    expect(outcome.status === 'rejected' ? String(outcome.reason) : 'fulfilled').toBe('fulfilled');
  }
  expect(outcomes.map((o) => (o as PromiseFulfilledResult<boolean>).value).sort()).toEqual([false, true]);
  expect(await account.getBalance()).toBe(30);
});
