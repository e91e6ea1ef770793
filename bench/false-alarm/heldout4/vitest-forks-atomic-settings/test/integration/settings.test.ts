import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FlagReader } from '../../src/flag-reader.js';
import { increment, setFlag, update } from '../../src/settings-service.js';
import { readDoc, Settings, SettingsStore } from '../../src/settings-store.js';
import { gate, jitter, removeDir, tempDir } from '../helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => removeDir(dir));

describe('concurrent optimistic updates', () => {
  test('ten increments at random moments: none lost, version 10 in memory and on disk', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    const versions = await Promise.all(Array.from({ length: 10 }, async () => (await jitter(), update(store, increment('hits')))));
    expect([...versions].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.snapshot()).toEqual({ version: 10, settings: { hits: 10 } });
    expect(await readDoc(store.file)).toEqual({ version: 10, settings: { hits: 10 } });
  });

  test('two changes computed from the same snapshot: one wins, the other retries and keeps both', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    const g = gate();
    let computing = 0;
    const slow = (key: string) => async (s: Settings) => {
      computing++;
      await g.wait;
      return { ...s, [key]: true };
    };
    const both = Promise.all([update(store, slow('a')), update(store, slow('b'))]);
    while (computing < 2) await new Promise<void>((r) => setImmediate(r));
    g.open();
    expect((await both).sort()).toEqual([1, 2]);
    expect(store.conflicts).toBe(1);
    expect(await readDoc(store.file)).toEqual({ version: 2, settings: { a: true, b: true } });
  });

  test('a reader polling the file during twelve writes never sees a torn file, and versions only grow', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await update(store, setFlag('ready', true));
    let done = false;
    const seen: number[] = [];
    const reader = (async () => {
      while (!done) seen.push((await readDoc(store.file)).version);
    })();
    await Promise.all(Array.from({ length: 12 }, (_, i) => update(store, increment(`k${i % 3}`))));
    done = true;
    await reader;
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await readDoc(store.file)).version).toBe(13);
    expect(store.snapshot().settings).toEqual({ ready: true, k0: 4, k1: 4, k2: 4 });
  });

  test('two stores write their own files in parallel; every write leaves no temp file', async () => {
    const a = new SettingsStore(join(dir, 'a.json'));
    const b = new SettingsStore(join(dir, 'b.json'));
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await jitter();
        return update(i % 2 ? a : b, increment('n'));
      }),
    );
    expect(await readDoc(a.file)).toEqual({ version: 5, settings: { n: 5 } });
    expect(await readDoc(b.file)).toEqual({ version: 5, settings: { n: 5 } });
    expect(a.tempFiles.length + b.tempFiles.length).toBe(10);
    expect((await readdir(dir)).sort()).toEqual(['a.json', 'b.json']);
  });

  test('concurrent readers share one read of the file; a later read sees the latest version', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    await update(store, setFlag('x', true));
    const reader = new FlagReader(store.file);
    const docs = await Promise.all(Array.from({ length: 6 }, () => reader.current()));
    expect(reader.reads).toBe(1);
    expect(new Set(docs).size).toBe(1);
    await Promise.all([update(store, increment('y')), update(store, increment('y'))]);
    expect(await reader.current()).toEqual({ version: 3, settings: { x: true, y: 2 } });
    expect(reader.lastSeen).toBe(3);
  });

  test('a failing mutation rejects its caller only; the others still apply', async () => {
    const store = new SettingsStore(join(dir, 'settings.json'));
    const boom = async () => {
      await jitter();
      throw new Error('invalid setting');
    };
    const settled = await Promise.allSettled([update(store, increment('n')), update(store, boom), update(store, increment('n'))]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await readDoc(store.file)).toEqual({ version: 2, settings: { n: 2 } });
  });
});
