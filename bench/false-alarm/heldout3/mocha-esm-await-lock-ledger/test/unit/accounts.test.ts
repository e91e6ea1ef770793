import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts, InsufficientFunds } from '../../src/accounts.ts';
import { LedgerFile } from '../../src/ledger-file.ts';

describe('Accounts, one call at a time', function () {
  let dir: string;
  let accounts: Accounts;

  beforeEach(async function () {
    dir = await mkdtemp(join(tmpdir(), 'ledger-unit-'));
    const ledger = new LedgerFile(join(dir, 'ledger.json'));
    await ledger.init();
    accounts = new Accounts(ledger);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('records a deposit', async function () {
    const e = await accounts.deposit('alice', 50);
    assert.deepEqual(e, { seq: 1, account: 'alice', amount: 50, memo: 'deposit' });
    assert.equal(await accounts.balance('alice'), 50);
  });

  it('refuses an overdraft', async function () {
    await accounts.deposit('bob', 10);
    await assert.rejects(accounts.withdraw('bob', 11), InsufficientFunds);
    assert.equal(await accounts.balance('bob'), 10);
  });

  it('transfers between accounts', async function () {
    await accounts.deposit('alice', 30);
    await accounts.transfer('alice', 'bob', 20);
    assert.deepEqual([await accounts.balance('alice'), await accounts.balance('bob')], [10, 20]);
  });

  it('compacts when idle', async function () {
    await accounts.deposit('a', 5);
    await accounts.deposit('a', 6);
    await accounts.deposit('b', 1);
    assert.equal(await accounts.ledger.compactIfIdle(), 'compacted');
    const data = await accounts.ledger.read();
    assert.deepEqual(data.entries.map((e) => [e.account, e.amount]), [['a', 11], ['b', 1]]);
    assert.equal(data.archived, 3);
  });

  it('releases the lock after a refused change', async function () {
    await assert.rejects(accounts.withdraw('nobody', 1));
    assert.equal(accounts.ledger.lock.acquired, false);
  });
});
