// Finding a function's declaration line from its display name (the caller of a `between`
// position): module functions, methods, accessors, constructors, arrows, nested names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { findDeclarationLine, splitId } from '../../src/extension/model/declarations.ts';

const source = `import { Mutex } from 'async-mutex';

export class InsufficientFundsError extends Error {
  constructor(readonly balance: number) {
    super('x');
  }
}

export class Account {
  private balance = 0;
  constructor(initial = 100) {
    this.balance = initial;
  }
  async getBalance(): Promise<number> {
    return this.balance;
  }
  get total() {
    return this.balance;
  }
  private static async *items<T>(x: T) {}
  transfer = async (to: Account) => {};
}

export async function checkThenWithdraw(account: Account, amount: number): Promise<boolean> {
  const inner = async () => 1;
  return (await account.getBalance()) >= amount;
}
export const helper = (a: number): number => a;
`;

test('findDeclarationLine finds each kind of declaration by display name', () => {
  assert.equal(findDeclarationLine(source, 'checkThenWithdraw'), 24);
  assert.equal(findDeclarationLine(source, 'Account.getBalance'), 14);
  assert.equal(findDeclarationLine(source, 'Account.constructor'), 11);
  assert.equal(findDeclarationLine(source, 'InsufficientFundsError.constructor'), 4);
  assert.equal(findDeclarationLine(source, 'Account.get total'), 17);
  assert.equal(findDeclarationLine(source, 'Account.items'), 20);
  assert.equal(findDeclarationLine(source, 'Account.transfer'), 21);
  assert.equal(findDeclarationLine(source, 'checkThenWithdraw.inner'), 25);
  assert.equal(findDeclarationLine(source, 'helper'), 28);
  assert.equal(findDeclarationLine(source, 'Missing.method'), undefined);
  assert.equal(findDeclarationLine(source, 'nothing'), undefined);
});

test('findDeclarationLine agrees with the call graph on the account example', () => {
  const text = readFileSync('examples/account/src/account.ts', 'utf8');
  // The lines conlens graph / rank give for these functions.
  assert.equal(findDeclarationLine(text, 'checkThenWithdraw'), 37);
  assert.equal(findDeclarationLine(text, 'Account.getBalance'), 19);
  assert.equal(findDeclarationLine(text, 'Account.withdraw'), 23);
  assert.equal(findDeclarationLine(text, 'InsufficientFundsError.constructor'), 4);
});

test('splitId separates file and name', () => {
  assert.deepEqual(splitId('src/account.ts#Account.getBalance'), { file: 'src/account.ts', name: 'Account.getBalance' });
  assert.equal(splitId('noid'), undefined);
});
