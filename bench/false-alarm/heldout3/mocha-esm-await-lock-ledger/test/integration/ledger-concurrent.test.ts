import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts, InsufficientFunds } from '../../src/accounts.ts';
import { LedgerFile } from '../../src/ledger-file.ts';

const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

describe('a ledger file shared by concurrent requests', function () {
  let dir: string;
  let ledger: LedgerFile;
  let accounts: Accounts;

  beforeEach(async function () {
    dir = await mkdtemp(join(tmpdir(), 'ledger-int-'));
    ledger = new LedgerFile(join(dir, 'ledger.json'));
    await ledger.init();
    accounts = new Accounts(ledger);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('twenty concurrent deposits: none lost, sequence numbers 1..20 without gaps', async function () {
    await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      await jitter();
      return accounts.deposit(`acct-${i % 3}`, i + 1);
    }));
    const data = await ledger.read();
    assert.deepEqual(data.entries.map((e) => e.seq), Array.from({ length: 20 }, (_, i) => i + 1));
    const total = (await accounts.balance('acct-0')) + (await accounts.balance('acct-1')) + (await accounts.balance('acct-2'));
    assert.equal(total, 210);
    assert.equal(ledger.writes, 20);
  });

  it('requests made in one turn get the lock in the order they asked (FIFO hand-over)', async function () {
    const entries = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((acct) => accounts.deposit(acct, 1)));
    assert.deepEqual(entries.map((e) => `${e.account}${e.seq}`), ['a1', 'b2', 'c3', 'd4', 'e5']);
  });

  it('eight withdrawals of 30 from 100 at once: exactly three succeed, the balance never goes negative', async function () {
    await accounts.deposit('carol', 100);
    const settled = await Promise.allSettled(Array.from({ length: 8 }, async () => {
      await jitter();
      return accounts.withdraw('carol', 30);
    }));
    assert.equal(settled.filter((s) => s.status === 'fulfilled').length, 3);
    for (const s of settled) if (s.status === 'rejected') assert.ok(s.reason instanceof InsufficientFunds);
    assert.equal(await accounts.balance('carol'), 10);
  });

  it('transfers in both directions at once keep the total', async function () {
    await accounts.deposit('x', 50);
    await accounts.deposit('y', 50);
    const moves = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? accounts.transfer('x', 'y', 7) : accounts.transfer('y', 'x', 5)));
    const settled = await Promise.allSettled(moves);
    assert.ok(settled.every((s) => s.status === 'fulfilled'));
    assert.equal((await accounts.balance('x')) + (await accounts.balance('y')), 100);
    assert.deepEqual([await accounts.balance('x'), await accounts.balance('y')], [50 - 6 * 7 + 6 * 5, 50 + 6 * 7 - 6 * 5]);
  });

  it('compaction is skipped while a change holds the lock, and works once it is free', async function () {
    await accounts.deposit('d', 1);
    const change = accounts.deposit('d', 2);
    assert.equal(await ledger.compactIfIdle(), 'busy');
    await change;
    assert.equal(await ledger.compactIfIdle(), 'compacted');
    assert.deepEqual((await ledger.read()).entries.map((e) => [e.account, e.amount]), [['d', 3]]);
  });

  it('an impatient writer gives up while the lock is held; a patient one gets it when it is released', async function () {
    await ledger.lock.acquireAsync();
    const patient = accounts.deposit('e', 5);
    const impatient = ledger.update((d) => d.entries.length, { timeout: 20 });
    await assert.rejects(impatient, /Timed out/);
    assert.equal(await accounts.balance('e'), 0);
    ledger.lock.release();
    assert.equal((await patient).seq, 1);
    assert.equal(await accounts.balance('e'), 5);
    assert.equal(ledger.lock.acquired, false);
  });
});
