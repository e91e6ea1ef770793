import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../src/settings-store.ts';

// Two parts of an app save a setting each at the same time. Both settings must be kept.
test('two settings saved at the same time are both kept', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'conlens-settings-'));
  try {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await store.set('version', 1);
    await Promise.all([store.set('theme', 'dark'), store.set('language', 'fr')]);
    assert.deepEqual(await store.load(), { version: 1, theme: 'dark', language: 'fr' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
