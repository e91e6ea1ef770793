import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usageReport } from '../../src/tree-size.ts';

function makeTree(root: string, name: string, files: number): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'sub', 'deeper'), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `f${i}.txt`), 'x'.repeat(10));
  writeFileSync(join(dir, 'sub', 'g.txt'), 'x'.repeat(100));
  writeFileSync(join(dir, 'sub', 'deeper', 'h.txt'), 'x'.repeat(1000));
  return dir;
}

test('usage of several project folders, walked at once', async () => {
  const root = mkdtempSync(join(tmpdir(), 'unseen-du-'));
  try {
    const dirs = [makeTree(root, 'web', 3), makeTree(root, 'api', 1), makeTree(root, 'cli', 5)];
    const lines = await new Promise<string[]>((resolve, reject) => usageReport(dirs, (err, l) => (err ? reject(err) : resolve(l!))));
    assert.deepEqual(lines, ['web\t1.1 KiB', 'api\t1.1 KiB', 'cli\t1.1 KiB']);
    const exact = await new Promise<string[]>((resolve, reject) => usageReport([join(dirs[1], 'sub')], (err, l) => (err ? reject(err) : resolve(l!))));
    assert.deepEqual(exact, ['sub\t1.1 KiB']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
