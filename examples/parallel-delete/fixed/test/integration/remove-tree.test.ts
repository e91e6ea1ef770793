import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clean } from '../../src/remove-tree.ts';
import { createTree } from '../tree.ts';

// A build's "clean" step and a watcher's "clear assets" step run at the same time: the second
// tree lies inside the first. Deleting must succeed whichever gets to an entry first.
test('two cleanups of overlapping trees at the same time', async () => {
  const root = await mkdtemp(join(tmpdir(), 'conlens-delete-'));
  try {
    await createTree(root, {
      'dist/index.html': '<html>',
      'dist/app.js': 'app',
      'dist/assets/logo.svg': 'svg',
      'dist/assets/font.woff': 'woff',
      'src/app.ts': 'ts',
    });
    const outcomes = await Promise.allSettled([clean([join(root, 'dist')]), clean([join(root, 'dist', 'assets')])]);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'fulfilled', `a cleanup failed: ${outcome.status === 'rejected' ? outcome.reason : ''}`);
    }
    assert.equal(existsSync(join(root, 'dist')), false);
    assert.deepEqual(await readdir(root), ['src']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
