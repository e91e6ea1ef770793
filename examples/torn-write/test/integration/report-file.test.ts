import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportFile, type Report } from '../../src/report-file.ts';

const OLD: Report = { title: 'monday', rows: ['sales 120', 'refunds 3'] };
const NEW: Report = { title: 'tuesday', rows: ['sales 98', 'refunds 1', 'returns 2'] };

// The nightly job rewrites the report while the dashboard reloads it. The dashboard must see the
// old report or the new one, never a piece of either.
test('a reader loads the report while a writer replaces it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'conlens-torn-'));
  try {
    const file = new ReportFile(join(dir, 'report.txt'));
    await file.save(OLD);
    const [saved, loaded] = await Promise.allSettled([file.save(NEW), file.load()]);
    assert.equal(saved.status, 'fulfilled', `save failed: ${saved.status === 'rejected' ? saved.reason : ''}`);
    assert.equal(loaded.status, 'fulfilled', `load failed: ${loaded.status === 'rejected' ? loaded.reason : ''}`);
    const seen = (loaded as PromiseFulfilledResult<Report>).value;
    assert.ok(seen.title === OLD.title || seen.title === NEW.title, `unexpected report ${JSON.stringify(seen)}`);
    assert.deepEqual(seen, seen.title === OLD.title ? OLD : NEW);
    assert.deepEqual(await file.load(), NEW);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
