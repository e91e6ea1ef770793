import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sumFile } from '../../src/sum-file.ts';

test('a small file sums up', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-sum-'));
  try {
    const file = join(dir, 'numbers.csv');
    writeFileSync(file, Array.from({ length: 30 }, (_, i) => i + 1).join(','));
    assert.equal(await sumFile(file), 465);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
