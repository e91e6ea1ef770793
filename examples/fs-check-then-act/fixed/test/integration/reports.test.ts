import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listReports, readReport, writeReport } from '../../src/reports.ts';

// Two jobs write their reports for a new day at the same time. Whichever creates the day's folder,
// both reports must be written.
test('two writers create the same new day folder at the same time', async () => {
  const root = await mkdtemp(join(tmpdir(), 'conlens-fs-check-'));
  try {
    const outcomes = await Promise.allSettled([
      writeReport(root, '2024-06-30', 'sales', 'sales total 120'),
      writeReport(root, '2024-06-30', 'stock', 'stock total 45'),
    ]);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'fulfilled', `a writer failed: ${outcome.status === 'rejected' ? outcome.reason : ''}`);
    }
    assert.deepEqual(await listReports(root, '2024-06-30'), ['sales', 'stock']);
    assert.equal(await readReport(root, '2024-06-30', 'stock'), 'stock total 45');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
