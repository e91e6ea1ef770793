import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictError, DraftStore, parse, render, slugify } from '../../src/drafts.ts';

test('slugify, render and parse', () => {
  assert.equal(slugify('  Hello, World! 2024 '), 'hello-world-2024');
  assert.deepEqual(parse(render('a-b', 'ann', 'body\ntext')), { id: 'a-b', author: 'ann', text: 'body\ntext' });
});

test('create, read, list; a second create of the same title conflicts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-drafts-'));
  try {
    const store = new DraftStore(join(dir, 'drafts'));
    assert.equal(await store.create('Release notes', 'ann', 'v1'), 'release-notes');
    assert.equal(await store.exists('release-notes'), true);
    await assert.rejects(store.create('Release Notes!', 'bob', 'v2'), ConflictError);
    assert.deepEqual(await store.read('release-notes'), { id: 'release-notes', author: 'ann', text: 'v1' });
    assert.deepEqual(await store.list(), ['release-notes']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
