import { test, expect } from '@jest/globals';
import { Account, checkThenWithdraw, InsufficientFundsError } from '../../src/account.ts';

test('a new account holds its initial balance', async () => {
  expect(await new Account(100).getBalance()).toBe(100);
  expect(await new Account(250).getBalance()).toBe(250);
});

test('withdraw takes the amount off the balance', async () => {
  const account = new Account(100);
  await account.withdraw(30);
  expect(await account.getBalance()).toBe(70);
  await account.withdraw(70);
  expect(await account.getBalance()).toBe(0);
});

test('withdrawing more than the balance is refused', async () => {
  const account = new Account(50);
  await expect(account.withdraw(70)).rejects.toThrow(InsufficientFundsError);
});

test('checkThenWithdraw withdraws when the balance covers the amount', async () => {
  for (const initial of [70, 100, 140, 200]) {
    const account = new Account(initial);
    expect(await checkThenWithdraw(account, 70)).toBe(true);
    expect(await account.getBalance()).toBe(initial - 70);
  }
});

test('checkThenWithdraw leaves a short balance alone', async () => {
  for (const initial of [0, 30, 69]) {
    const account = new Account(initial);
    expect(await checkThenWithdraw(account, 70)).toBe(false);
    expect(await account.getBalance()).toBe(initial);
  }
});

test('two customers one after the other: the second is refused', async () => {
  const account = new Account(100);
  expect(await checkThenWithdraw(account, 70)).toBe(true);
  expect(await checkThenWithdraw(account, 70)).toBe(false);
  expect(await account.getBalance()).toBe(30);
});
