import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../src/journal.ts';

async function withJournal(fn: (j: Journal) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'journal-unit-'));
  try {
    const j = new Journal(join(dir, 'events.log'));
    await j.create();
    await fn(j);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('appends get increasing sequence numbers', async () => {
  await withJournal(async (j) => {
    assert.equal(await j.append('user.created', { id: 1 }), 1);
    assert.equal(await j.append('user.renamed', { id: 1, name: 'Ada' }), 2);
    assert.deepEqual((await j.records()).map((r) => r.seq), [1, 2]);
    assert.equal(j.busy, false);
  });
});

test('compaction keeps the last record of each type', async () => {
  await withJournal(async (j) => {
    for (const t of ['a', 'b', 'a', 'c', 'b']) await j.append(t, null);
    assert.equal(await j.compact(), 2);
    assert.deepEqual((await j.records()).map((r) => `${r.type}${r.seq}`), ['a3', 'c4', 'b5']);
  });
});

test('after compaction the numbering continues', async () => {
  await withJournal(async (j) => {
    await j.append('a', 1);
    await j.append('a', 2);
    await j.compact();
    assert.equal(await j.append('a', 3), 3);
  });
});
