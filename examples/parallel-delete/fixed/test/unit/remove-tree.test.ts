import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clean, removeTree } from '../../src/remove-tree.ts';
import { createTree } from '../tree.ts';

async function withTempDir(fn: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'conlens-delete-'));
  try {
    await fn(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

test('removeTree deletes a single file', async () => {
  await withTempDir(async (root) => {
    await createTree(root, { 'a.txt': 'a', 'b.txt': 'b' });
    assert.equal(await removeTree(join(root, 'a.txt')), 1);
    assert.deepEqual(await readdir(root), ['b.txt']);
  });
});

test('removeTree deletes folders of different shapes and counts the entries', async () => {
  const trees: [Record<string, string>, number][] = [
    [{ 'x/one.js': '1' }, 2],
    [{ 'x/one.js': '1', 'x/two.js': '2' }, 3],
    [{ 'x/a/b/c.js': 'c', 'x/a/d.js': 'd', 'x/e.js': 'e' }, 6],
  ];
  for (const [files, count] of trees) {
    await withTempDir(async (root) => {
      await createTree(root, files);
      assert.equal(await removeTree(join(root, 'x')), count);
      assert.equal(existsSync(join(root, 'x')), false);
    });
  }
});

test('removeTree on an empty folder removes just the folder', async () => {
  await withTempDir(async (root) => {
    await mkdir(join(root, 'empty'));
    assert.equal(await removeTree(join(root, 'empty')), 1);
    assert.deepEqual(await readdir(root), []);
  });
});

test('clean removes several paths one after the other', async () => {
  await withTempDir(async (root) => {
    await createTree(root, { 'dist/app.js': 'app', 'dist/assets/logo.svg': 'svg', 'coverage/lcov.info': 'lcov', 'src/app.ts': 'ts' });
    assert.equal(await clean([join(root, 'dist'), join(root, 'coverage')]), 6);
    assert.deepEqual(await readdir(root), ['src']);
  });
});
