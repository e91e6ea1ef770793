import { test } from 'vitest';
import assert from 'node:assert/strict';
import { Account, checkThenWithdraw, InsufficientFundsError } from '../../src/account.ts';

test('a new account holds its initial balance', async () => {
  assert.equal(await new Account(100).getBalance(), 100);
  assert.equal(await new Account(250).getBalance(), 250);
});

test('withdraw takes the amount off the balance', async () => {
  const account = new Account(100);
  await account.withdraw(30);
  assert.equal(await account.getBalance(), 70);
  await account.withdraw(70);
  assert.equal(await account.getBalance(), 0);
});

test('withdrawing more than the balance is refused', async () => {
  const account = new Account(50);
  await assert.rejects(account.withdraw(70), InsufficientFundsError);
});

test('checkThenWithdraw withdraws when the balance covers the amount', async () => {
  for (const initial of [70, 100, 140, 200]) {
    const account = new Account(initial);
    assert.equal(await checkThenWithdraw(account, 70), true);
    assert.equal(await account.getBalance(), initial - 70);
  }
});

test('checkThenWithdraw leaves a short balance alone', async () => {
  for (const initial of [0, 30, 69]) {
    const account = new Account(initial);
    assert.equal(await checkThenWithdraw(account, 70), false);
    assert.equal(await account.getBalance(), initial);
  }
});

test('two customers one after the other: the second is refused', async () => {
  const account = new Account(100);
  assert.equal(await checkThenWithdraw(account, 70), true);
  assert.equal(await checkThenWithdraw(account, 70), false);
  assert.equal(await account.getBalance(), 30);
});
