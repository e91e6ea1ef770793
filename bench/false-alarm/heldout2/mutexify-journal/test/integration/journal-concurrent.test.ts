import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../src/journal.ts';

async function withJournal(fn: (j: Journal) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'journal-int-'));
  try {
    const j = new Journal(join(dir, 'events.log'));
    await j.create();
    await fn(j);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('twenty concurrent appends get sequence numbers 1..20, in request order', async () => {
  await withJournal(async (j) => {
    const seqs = await Promise.all(Array.from({ length: 20 }, (_, i) => j.append(`e${i}`, { i })));
    assert.deepEqual(seqs, Array.from({ length: 20 }, (_, i) => i + 1), 'mutexify grants in the order the lock was asked for');
    const records = await j.records();
    assert.deepEqual(records.map((r) => r.type), Array.from({ length: 20 }, (_, i) => `e${i}`));
  });
});

test('compaction in the middle of appends: nothing appended is lost', async () => {
  await withJournal(async (j) => {
    for (const t of ['x', 'x', 'y']) await j.append(t, 0);
    const ops = [j.append('x', 1), j.compact(), j.append('y', 2), j.append('z', 3), j.compact(), j.append('x', 4)];
    const out = await Promise.all(ops);
    assert.deepEqual(out, [4, 2, 5, 6, 1, 7]);
    assert.deepEqual((await j.records()).map((r) => `${r.type}${r.seq}`), ['x4', 'y5', 'z6', 'x7']);
    assert.deepEqual(j.grants, ['append x', 'append x', 'append y', 'append x', 'compact', 'append y', 'append z', 'compact', 'append x']);
  });
});

test('a failing append releases the lock for the next one', async () => {
  await withJournal(async (j) => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const results = await Promise.allSettled([j.append('ok', 1), j.append('bad', cyclic), j.append('ok', 2)]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.deepEqual((await j.records()).map((r) => r.seq), [1, 2]);
    assert.equal(j.busy, false);
  });
});

test('two journals on different files do not wait for each other', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'journal-int-'));
  try {
    const a = new Journal(join(dir, 'a.log'));
    const b = new Journal(join(dir, 'b.log'));
    await Promise.all([a.create(), b.create()]);
    const release = await a.pause();
    const fromB = await Promise.all([b.append('b', 1), b.append('b', 2)]);
    assert.deepEqual(fromB, [1, 2], 'b finished while a was held');
    assert.equal(a.busy, true);
    release();
    assert.equal(await a.append('a', 1), 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
