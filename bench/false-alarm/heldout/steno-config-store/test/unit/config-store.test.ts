import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ConfigStore, defaults } from '../../src/config-store.ts';
import { tempSettingsFile } from '../tmp.ts';

test('load without a file gives the defaults', async () => {
  const store = new ConfigStore(tempSettingsFile());
  assert.deepEqual(await store.load(), defaults);
});

test('update writes the file and load reads it back', async () => {
  const file = tempSettingsFile();
  const store = new ConfigStore(file);
  await store.update({ theme: 'dark' });
  const again = new ConfigStore(file);
  assert.deepEqual(await again.load(), { ...defaults, theme: 'dark', revision: 1 });
});

test('open keeps the five most recent paths, newest first', async () => {
  const file = tempSettingsFile();
  const store = new ConfigStore(file);
  for (const p of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) await store.open(p);
  assert.deepEqual(store.get().recent, ['c', 'f', 'e', 'd', 'b']);
  assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).recent, ['c', 'f', 'e', 'd', 'b']);
});
