import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sumFile } from '../../src/sum-file.ts';

// Ten files of 1 + 2 + … + n, streamed in 64-byte chunks: every chunk's numbers count.
test('the sums of streamed files count every chunk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-sum-'));
  try {
    for (const n of [40, 25, 60, 33, 47, 52, 28, 36, 44, 57]) {
      const file = join(dir, `numbers-${n}.csv`);
      writeFileSync(file, Array.from({ length: n }, (_, i) => i + 1).join(','));
      assert.equal(await sumFile(file), (n * (n + 1)) / 2);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
