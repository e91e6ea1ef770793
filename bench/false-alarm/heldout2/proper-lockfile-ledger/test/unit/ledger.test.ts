import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ledger } from '../../src/ledger.ts';

async function withLedger(fn: (l: Ledger, dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-unit-'));
  try {
    const l = new Ledger(join(dir, 'ledger.json'));
    await l.init();
    await fn(l, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('credits add up and are journaled', async () => {
  await withLedger(async (l) => {
    assert.equal(await l.credit('alice', 10), 10);
    assert.equal(await l.credit('alice', 5), 15);
    assert.deepEqual(await l.read(), { balances: { alice: 15 }, entries: ['credit:alice:10', 'credit:alice:5'] });
  });
});

test('a transfer without funds fails and leaves the file as it was', async () => {
  await withLedger(async (l, dir) => {
    await l.credit('alice', 3);
    await assert.rejects(l.transfer('alice', 'bob', 5), /insufficient funds/);
    assert.deepEqual((await l.read()).balances, { alice: 3 });
    assert.equal(await l.isLocked(), false);
    assert.deepEqual(await readdir(dir), ['ledger.json']);
  });
});

test('tryCredit works when nobody holds the lock', async () => {
  await withLedger(async (l) => {
    assert.equal(await l.tryCredit('bob', 7), 7);
  });
});
