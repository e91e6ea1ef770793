import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bank } from '../../src/bank';
import { InsufficientFunds } from '../../src/account';

test('deposit adds to the balance', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 10);
  assert.equal(await acc.deposit(5), 15);
  assert.equal(await acc.balance(), 15);
});

test('withdraw takes from the balance', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 10);
  assert.equal(await acc.withdraw(4), 6);
});

test('withdraw refuses to overdraw and leaves the balance alone', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 10);
  await assert.rejects(acc.withdraw(11), InsufficientFunds);
  assert.equal(await acc.balance(), 10);
  assert.equal(acc.lock.isLocked(), false);
});

test('transfer moves money', async () => {
  const bank = new Bank();
  bank.open('alice', 10);
  bank.open('bob', 0);
  await bank.transfer('alice', 'bob', 7);
  assert.equal(await bank.get('alice').balance(), 3);
  assert.equal(await bank.get('bob').balance(), 7);
});

test('a failed transfer changes nothing and releases both locks', async () => {
  const bank = new Bank();
  bank.open('alice', 1);
  bank.open('bob', 0);
  await assert.rejects(bank.transfer('alice', 'bob', 5), InsufficientFunds);
  assert.equal(await bank.total(), 1);
  assert.equal(bank.get('alice').lock.isLocked(), false);
  assert.equal(bank.get('bob').lock.isLocked(), false);
});
