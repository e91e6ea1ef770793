import { test } from 'vitest';
import assert from 'node:assert/strict';
import { Account } from '../../src/account.ts';
import { main } from '../../src/manage-account.ts';

// 004 §V-F: the online run, with transfers in flight at the same time. Every transfer must finish
// and no money may appear or vanish. A deadlock leaves every task waiting for a lock with nothing
// else pending, so the test's promise never settles: under the controlled scheduler the stall
// detector ends the worker first (Vitest's timeout is only a safety net).
test('two accounts transfer to each other at the same time', { timeout: 5000 }, async () => {
  const a = new Account('A0', 100, 0);
  const b = new Account('A1', 100, 1);
  await Promise.all([a.transfer(b, 10), b.transfer(a, 10)]);
  assert.equal(a.amount, 100);
  assert.equal(b.amount, 100);
});

test('five account managers run at the same time', { timeout: 5000 }, async () => {
  const accounts = await main(5);
  assert.deepEqual(accounts.map((account) => account.amount), [100, 100, 100, 100, 100]);
});
