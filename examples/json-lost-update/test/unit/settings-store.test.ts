import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../src/settings-store.ts';

async function withStore(fn: (store: SettingsStore, file: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'conlens-settings-'));
  try {
    const file = join(dir, 'settings.json');
    await fn(new SettingsStore(file), file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a store without a file is empty', async () => {
  await withStore(async (store) => {
    assert.deepEqual(await store.load(), {});
    assert.equal(await store.get('theme'), undefined);
  });
});

test('set stores values of every kind and keeps the others', async () => {
  await withStore(async (store, file) => {
    await store.set('theme', 'dark');
    await store.set('fontSize', 14);
    await store.set('autosave', true);
    await store.set('theme', 'light');
    assert.deepEqual(await store.load(), { theme: 'light', fontSize: 14, autosave: true });
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { theme: 'light', fontSize: 14, autosave: true });
  });
});

test('remove deletes one key', async () => {
  await withStore(async (store) => {
    for (const key of ['a', 'b', 'c']) await store.set(key, key.toUpperCase());
    await store.remove('b');
    assert.deepEqual(await store.load(), { a: 'A', c: 'C' });
    await store.remove('missing');
    assert.deepEqual(await store.load(), { a: 'A', c: 'C' });
  });
});

test('update applies a change and returns the new settings', async () => {
  await withStore(async (store) => {
    await store.set('count', 1);
    for (const expected of [2, 3, 4]) {
      const settings = await store.update((s) => {
        s.count = Number(s.count) + 1;
      });
      assert.equal(settings.count, expected);
    }
  });
});
