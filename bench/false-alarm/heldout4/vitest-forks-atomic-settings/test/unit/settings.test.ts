import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FlagReader } from '../../src/flag-reader.js';
import { increment, setFlag, update } from '../../src/settings-service.js';
import { readDoc, SettingsStore } from '../../src/settings-store.js';
import { removeDir, tempDir } from '../helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => removeDir(dir));

describe('settings, one change at a time', () => {
  test('each update bumps the version and reaches the file', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    expect(await update(store, setFlag('dark', true))).toBe(1);
    expect(await update(store, increment('retries', 3))).toBe(2);
    expect(await readDoc(store.file)).toEqual({ version: 2, settings: { dark: true, retries: 3 } });
  });

  test('a compare-and-set with an old version is refused and changes nothing', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await update(store, setFlag('a', true));
    expect(await store.compareAndSet(0, { a: false })).toBe(false);
    expect(store.snapshot()).toEqual({ version: 1, settings: { a: true } });
    expect(store.conflicts).toBe(1);
  });

  test('a store loaded from the file continues from its version', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await update(store, increment('n'));
    await update(store, increment('n'));
    const again = await SettingsStore.load(store.file);
    expect(again.snapshot()).toEqual({ version: 2, settings: { n: 2 } });
  });

  test('no temporary file is left next to the settings file', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    for (let i = 0; i < 3; i++) await update(store, increment('n'));
    expect(store.tempFiles).toHaveLength(3);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  test('the flag reader reads the file and remembers the newest version seen', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await update(store, setFlag('beta', false));
    const reader = new FlagReader(store.file);
    expect((await reader.current()).settings).toEqual({ beta: false });
    await update(store, setFlag('beta', true));
    expect((await reader.current()).version).toBe(2);
    expect(reader.reads).toBe(2);
  });
});
