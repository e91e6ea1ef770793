import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bank } from '../../src/bank';
import { InsufficientFunds } from '../../src/account';

test('ten concurrent deposits all count', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 0);
  await Promise.all(Array.from({ length: 10 }, () => acc.deposit(1)));
  assert.equal(await acc.balance(), 10);
  assert.equal(acc.maxInside, 1);
});

test('concurrent withdrawals never overdraw', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 25);
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => acc.withdraw(10)));
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds).length;
  assert.equal(ok, 2);
  assert.equal(refused, 4);
  assert.equal(await acc.balance(), 5);
});

test('deposits and withdrawals interleaved keep the sum', async () => {
  const bank = new Bank();
  const acc = bank.open('alice', 100);
  const ops = [];
  for (let i = 0; i < 5; i++) ops.push(acc.deposit(3), acc.withdraw(2));
  await Promise.all(ops);
  assert.equal(await acc.balance(), 105);
  assert.equal(acc.maxInside, 1);
});

test('opposite transfers at once neither deadlock nor lose money', async () => {
  const bank = new Bank();
  bank.open('alice', 50);
  bank.open('bob', 50);
  await Promise.all([
    bank.transfer('alice', 'bob', 10),
    bank.transfer('bob', 'alice', 20),
    bank.transfer('alice', 'bob', 5),
  ]);
  assert.equal(await bank.get('alice').balance(), 55);
  assert.equal(await bank.get('bob').balance(), 45);
  assert.equal(await bank.total(), 100);
});
