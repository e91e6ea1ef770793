import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDir, listReports, readReport, reportDir, writeReport } from '../../src/reports.ts';

async function withTempDir(fn: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'conlens-fs-check-'));
  try {
    await fn(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

test('ensureDir creates a folder and its missing parents', async () => {
  await withTempDir(async (root) => {
    for (const rel of ['a', 'b/c', 'd/e/f/g']) {
      await ensureDir(join(root, rel));
      assert.ok((await stat(join(root, rel))).isDirectory());
    }
  });
});

test('ensureDir on an existing folder does nothing', async () => {
  await withTempDir(async (root) => {
    await ensureDir(join(root, 'x/y'));
    await ensureDir(join(root, 'x/y'));
    await ensureDir(join(root, 'x'));
    assert.ok((await stat(join(root, 'x/y'))).isDirectory());
  });
});

test('ensureDir refuses a path that is a file', async () => {
  await withTempDir(async (root) => {
    await writeFile(join(root, 'file'), 'text');
    await assert.rejects(ensureDir(join(root, 'file')), /not a directory/);
  });
});

test('writeReport writes into the day folder, one after the other', async () => {
  await withTempDir(async (root) => {
    for (const [day, name] of [['2024-03-01', 'sales'], ['2024-03-01', 'stock'], ['2024-03-02', 'sales'], ['2025-01-15', 'audit']]) {
      const file = await writeReport(root, day, name, `${name} of ${day}`);
      assert.equal(file, join(reportDir(root, day), `${name}.txt`));
      assert.equal(await readReport(root, day, name), `${name} of ${day}`);
    }
    assert.deepEqual(await listReports(root, '2024-03-01'), ['sales', 'stock']);
    assert.deepEqual(await listReports(root, '2024-03-02'), ['sales']);
    assert.deepEqual(await listReports(root, '2024-12-31'), []);
  });
});
