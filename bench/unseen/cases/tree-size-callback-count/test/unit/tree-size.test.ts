import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBytes, sizeOfTreeAsync } from '../../src/tree-size.ts';

test('formatBytes', () => {
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(2048), '2.0 KiB');
  assert.equal(formatBytes(3 * 1024 * 1024), '3.0 MiB');
});

test('size of a flat folder and of an empty one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-du-'));
  try {
    writeFileSync(join(dir, 'a.txt'), 'x'.repeat(100));
    writeFileSync(join(dir, 'b.txt'), 'x'.repeat(23));
    mkdirSync(join(dir, 'empty'));
    assert.equal(await sizeOfTreeAsync(join(dir, 'empty')), 0);
    rmSync(join(dir, 'empty'), { recursive: true });
    assert.equal(await sizeOfTreeAsync(dir), 123);
    await assert.rejects(sizeOfTreeAsync(join(dir, 'missing')), /ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
