import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Account } from '../../src/account.ts';

const pairs: [number, number][] = [
  [0, 0],
  [100, 200],
  [50, 0],
  [0, 75],
  [12.5, 1000],
  [-10, 40],
  [30, -5],
];
const rates = [0, 0.1, 0.25, 0.5, 1];

test('a new account holds its checking and savings', async () => {
  for (const [c, s] of pairs) {
    const x = new Account(c, s);
    assert.equal(await x.getChk(), c);
    assert.equal(await x.getSav(), s);
  }
  const empty = new Account();
  assert.equal(await empty.getChk(), 0);
  assert.equal(await empty.getSav(), 0);
});

test('setChk and setSav replace one field each', async () => {
  for (const [c, s] of pairs) {
    const x = new Account(1, 2);
    await x.setChk(c);
    assert.equal(await x.getChk(), c);
    assert.equal(await x.getSav(), 2);
    await x.setSav(s);
    assert.equal(await x.getChk(), c);
    assert.equal(await x.getSav(), s);
  }
});

test('isLegal holds when neither field is negative', async () => {
  for (const [c, s] of pairs) {
    assert.equal(await new Account(c, s).isLegal(), c >= 0 && s >= 0);
  }
});

test('creditInterest grows both fields by the rate', async () => {
  for (const [c, s] of pairs) {
    for (const rate of rates) {
      const x = new Account(c, s);
      await x.creditInterest(rate);
      assert.equal(await x.getChk(), c * (1 + rate));
      assert.equal(await x.getSav(), s * (1 + rate));
    }
  }
});

test('setEqChk and setEqSav copy one field of another account', async () => {
  for (const [c, s] of pairs) {
    const x = new Account(c, s);
    const y = new Account(7, 8);
    await y.setEqChk(x);
    assert.equal(await y.getChk(), c);
    assert.equal(await y.getSav(), 8);
    await y.setEqSav(x);
    assert.equal(await y.getSav(), s);
    assert.equal(await x.getChk(), c);
    assert.equal(await x.getSav(), s);
  }
});

test('setEqChk and setEqSav with the account itself change nothing', async () => {
  const x = new Account(3, 4);
  await x.setEqChk(x);
  await x.setEqSav(x);
  assert.equal(await x.getChk(), 3);
  assert.equal(await x.getSav(), 4);
});

test('copyFrom makes y equal to x and leaves x alone', async () => {
  for (const [c, s] of pairs) {
    const x = new Account(c, s);
    const y = await new Account(1, 1).copyFrom(x);
    assert.equal(await y.getChk(), c);
    assert.equal(await y.getSav(), s);
    assert.equal(await x.getChk(), c);
    assert.equal(await x.getSav(), s);
  }
});

test('Figure 4 and 5 run serially: copy then credit, credit then copy', async () => {
  for (const rate of rates) {
    const x1 = new Account(100, 200);
    const y1 = await new Account().copyFrom(x1);
    await x1.creditInterest(rate);
    assert.deepEqual([await y1.getChk(), await y1.getSav()], [100, 200]);

    const x2 = new Account(100, 200);
    await x2.creditInterest(rate);
    const y2 = await new Account().copyFrom(x2);
    assert.deepEqual([await y2.getChk(), await y2.getSav()], [100 * (1 + rate), 200 * (1 + rate)]);
  }
});
