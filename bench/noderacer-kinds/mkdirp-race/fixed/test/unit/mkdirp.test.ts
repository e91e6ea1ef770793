import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdirp } from '../../src/mkdirp.ts';

test('one create makes every missing parent', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mkdirp-unit-'));
  try {
    await mkdirp(join(root, 'a', 'b', 'c'));
    await mkdirp(join(root, 'a', 'b', 'd'));
    assert.ok(statSync(join(root, 'a', 'b', 'c')).isDirectory());
    assert.ok(statSync(join(root, 'a', 'b', 'd')).isDirectory());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
