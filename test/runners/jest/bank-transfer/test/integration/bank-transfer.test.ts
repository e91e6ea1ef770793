import { test, expect } from '@jest/globals';
import { Account } from '../../src/account.ts';
import { main } from '../../src/manage-account.ts';

// 004 §V-F: the online run, with transfers in flight at the same time. Every transfer must finish
// and no money may appear or vanish. A deadlock leaves every task waiting for a lock with nothing
// else pending, so the test's promise never settles: under the controlled scheduler the stall is
// reported as a deadlock; otherwise Jest's 5 s timeout fails the test.
test('two accounts transfer to each other at the same time', async () => {
  const a = new Account('A0', 100, 0);
  const b = new Account('A1', 100, 1);
  await Promise.all([a.transfer(b, 10), b.transfer(a, 10)]);
  expect(a.amount).toBe(100);
  expect(b.amount).toBe(100);
}, 5000);

test('five account managers run at the same time', async () => {
  const accounts = await main(5);
  expect(accounts.map((account) => account.amount)).toEqual([100, 100, 100, 100, 100]);
}, 5000);
