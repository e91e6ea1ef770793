import { test } from 'vitest';
import assert from 'node:assert/strict';
import { Account, checkThenWithdraw } from '../../src/account.ts';

// 003 Fig. 1: threads T1 and T2 each run the atomic block on the same account. Run serially the
// balance ends at 30 and exactly one withdrawal happens; no interleaving may do otherwise.
test('two customers withdraw 70 from 100 at the same time', async () => {
  const account = new Account(100);
  const outcomes = await Promise.allSettled([checkThenWithdraw(account, 70), checkThenWithdraw(account, 70)]);
  for (const outcome of outcomes) {
    assert.equal(outcome.status, 'fulfilled', `a withdrawal failed: ${outcome.status === 'rejected' ? outcome.reason : ''}`);
  }
  assert.deepEqual(outcomes.map((o) => (o as PromiseFulfilledResult<boolean>).value).sort(), [false, true]);
  assert.equal(await account.getBalance(), 30);
});
