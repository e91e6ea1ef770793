import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lockfile from 'proper-lockfile';
import { Ledger } from '../../src/ledger.ts';

async function withLedger(fn: (file: string, dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-int-'));
  try {
    const file = join(dir, 'ledger.json');
    await new Ledger(file).init();
    await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('ten concurrent credits through two Ledger objects on one file lose nothing', async () => {
  await withLedger(async (file, dir) => {
    const a = new Ledger(file);
    const b = new Ledger(file);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).credit('shop', i + 1, `sale${i}`)));
    const data = await a.read();
    assert.equal(data.balances.shop, 55);
    assert.equal(data.entries.length, 10);
    assert.deepEqual(await readdir(dir), ['ledger.json'], 'the lock directory is gone');
  });
});

test('transfers and credits at once keep the total', async () => {
  await withLedger(async (file) => {
    const l = new Ledger(file);
    await l.credit('alice', 50);
    await l.credit('bob', 50);
    await Promise.all([
      l.transfer('alice', 'bob', 10), l.transfer('bob', 'carol', 20), l.transfer('carol', 'alice', 5).catch(() => 'refused'),
      l.credit('carol', 5), l.transfer('bob', 'alice', 15),
    ]);
    const { balances } = await l.read();
    assert.equal(balances.alice + balances.bob + balances.carol, 105);
    assert.ok(Object.values(balances).every((v) => v >= 0));
  });
});

test('while another holder has the file, a no-retry writer is refused and a patient one waits', async () => {
  await withLedger(async (file) => {
    const release = await lockfile.lock(file);
    const l = new Ledger(file);
    await assert.rejects(l.tryCredit('bob', 1), (e: NodeJS.ErrnoException) => e.code === 'ELOCKED');
    let done = false;
    const patient = l.credit('alice', 2).then((n) => ((done = true), n));
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(done, false, 'the patient writer cannot finish while the lock is held');
    await release();
    assert.equal(await patient, 2);
    assert.deepEqual((await l.read()).balances, { alice: 2 });
    assert.equal(await l.isLocked(), false);
  });
});

test('a lock on one file does not hold up writers of another', async () => {
  await withLedger(async (file, dir) => {
    const other = join(dir, 'other.json');
    await new Ledger(other).init();
    const release = await lockfile.lock(other);
    try {
      assert.equal(await new Ledger(file).credit('y', 1), 1, 'finished while other.json stayed locked');
      assert.equal(await new Ledger(other).isLocked(), true);
    } finally {
      await release();
    }
    assert.equal(await new Ledger(other).tryCredit('x', 1), 1);
  });
});
