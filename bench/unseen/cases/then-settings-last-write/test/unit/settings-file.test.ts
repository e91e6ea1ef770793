import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaults, merge, parse, serialize, SettingsFile } from '../../src/settings-file.ts';

test('merge keeps ten recent files', () => {
  const many = Array.from({ length: 12 }, (_, i) => `f${i}`);
  assert.equal(merge(defaults(), { recent: many }).recent.length, 10);
  assert.deepEqual(parse(serialize({ theme: 'dark', fontSize: 12, recent: ['a'] })), { theme: 'dark', fontSize: 12, recent: ['a'] });
});

test('load defaults, save, load, update', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-settings-'));
  try {
    const file = new SettingsFile(join(dir, 'settings.json'));
    assert.deepEqual(await file.load(), defaults());
    await file.save({ theme: 'dark', fontSize: 16, recent: [] });
    assert.equal((await file.load()).fontSize, 16);
    const next = await file.update({ recent: ['notes.md'] });
    assert.deepEqual(next, { theme: 'dark', fontSize: 16, recent: ['notes.md'] });
    assert.deepEqual(await file.load(), next);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
