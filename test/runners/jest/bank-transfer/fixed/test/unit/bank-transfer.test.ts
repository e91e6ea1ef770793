import { test, expect } from '@jest/globals';
import { Account } from '../../src/account.ts';
import { ManageAccount } from '../../src/manage-account.ts';

// 004 §V-F: the reference run. One operation at a time, so no lock is ever contended.

function openAccounts(num: number, amount = 100): Account[] {
  return Array.from({ length: num }, (_, i) => new Account(`A${i}`, amount, i));
}

function total(accounts: Account[]): number {
  return accounts.reduce((sum, account) => sum + account.amount, 0);
}

test('a new account holds its name, number and initial amount', () => {
  for (const [num, amount] of [[0, 100], [1, 0], [2, 250], [3, 40], [4, 100]]) {
    const account = new Account(`A${num}`, amount, num);
    expect(account.name).toBe(`A${num}`);
    expect(account.num).toBe(num);
    expect(account.amount).toBe(amount);
  }
});

test('deposit adds the money', async () => {
  const account = new Account('A0', 100, 0);
  let expected = 100;
  for (const money of [10, 300, 1, 25, 10, 0, 99]) {
    await account.deposit(money);
    expected += money;
    expect(account.amount).toBe(expected);
  }
});

test('withdraw takes the money off', async () => {
  const account = new Account('A1', 500, 1);
  let expected = 500;
  for (const money of [10, 100, 20, 5, 10, 0, 55]) {
    await account.withdraw(money);
    expected -= money;
    expect(account.amount).toBe(expected);
  }
});

test('transfer moves money from one account to another', async () => {
  const accounts = openAccounts(4);
  for (const [from, to, mn] of [[0, 1, 10], [1, 0, 10], [2, 3, 25], [3, 0, 5], [1, 2, 40], [0, 3, 10], [2, 1, 15]]) {
    const before = accounts.map((a) => a.amount);
    await accounts[from]!.transfer(accounts[to]!, mn);
    expect(accounts[from]!.amount).toBe(before[from]! - mn);
    expect(accounts[to]!.amount).toBe(before[to]! + mn);
    expect(total(accounts)).toBe(400);
  }
});

test('two accounts transfer to each other one after the other', async () => {
  for (const mn of [10, 20, 50, 100]) {
    const [a, b] = openAccounts(2);
    await a!.transfer(b!, mn);
    await b!.transfer(a!, mn);
    expect(a!.amount).toBe(100);
    expect(b!.amount).toBe(100);
  }
});

test('an account cannot transfer to itself', async () => {
  const account = new Account('A0', 100, 0);
  await expect(account.transfer(account, 10)).rejects.toThrow(RangeError);
  expect(account.amount).toBe(100);
});

test('account managers run one after another and every account ends with 100', async () => {
  for (const num of [3, 4, 5, 6]) {
    const accounts = openAccounts(num);
    const bank = accounts.map((account, i) => new ManageAccount(account, accounts, i));
    for (const manager of bank) {
      await manager.run();
      expect(total(accounts)).toBe(100 * num);
    }
    expect(accounts.map((a) => a.amount)).toEqual(accounts.map(() => 100));
  }
});

test('one account manager alone moves 30 to its neighbours', async () => {
  for (const [num, i] of [[3, 0], [4, 2], [5, 4], [6, 1]]) {
    const accounts = openAccounts(num);
    await new ManageAccount(accounts[i]!, accounts, i).run();
    expect(accounts[i]!.amount).toBe(70);
    expect(accounts[(i + 1) % num]!.amount).toBe(120);
    expect(accounts[(i + 2) % num]!.amount).toBe(110);
  }
});
