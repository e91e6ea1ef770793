import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdirp } from '../../src/mkdirp.ts';

test('two creates sharing a missing ancestor both succeed', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mkdirp-race-'));
  try {
    await Promise.all([mkdirp(join(root, 'a', 'b', 'c')), mkdirp(join(root, 'a', 'b', 'd'))]);
    assert.ok(statSync(join(root, 'a', 'b', 'c')).isDirectory());
    assert.ok(statSync(join(root, 'a', 'b', 'd')).isDirectory());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
