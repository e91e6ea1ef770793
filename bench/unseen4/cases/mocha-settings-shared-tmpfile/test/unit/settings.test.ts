import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJson, writeFileAtomic } from '../../src/atomic-file.ts';
import { DEFAULTS, SettingsStore } from '../../src/settings-store.ts';
import { normalize, SettingsSync } from '../../src/settings-sync.ts';

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'settings-unit-'));
  const store = new SettingsStore(join(dir, 'data'));
  await store.init();
  return { dir: join(dir, 'data'), store, sync: new SettingsSync(store) };
}

describe('settings', () => {
  it('an atomic write replaces the file and leaves nothing behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-unit-'));
    const file = join(dir, 'x.json');
    await writeFileAtomic(file, '{"a":1}');
    await writeFileAtomic(file, '{"a":2}');
    assert.deepEqual(await readJson(file, {}), { a: 2 });
    assert.deepEqual(await readdir(dir), ['x.json']);
  });

  it('a missing file reads as the fallback', async () => {
    const { store } = await setup();
    assert.deepEqual(await store.load('nobody'), DEFAULTS);
  });

  it('normalizes font sizes and refuses unknown themes', () => {
    assert.equal(normalize({ theme: 'dark', fontSize: 40.4, updatedBy: 'x' }).fontSize, 32);
    assert.equal(normalize({ theme: 'dark', fontSize: 9.6, updatedBy: 'x' }).fontSize, 10);
    assert.throws(() => normalize({ theme: 'neon' as 'dark', fontSize: 12, updatedBy: 'x' }), /unknown theme neon/);
  });

  it('a push is what the next pull sees', async () => {
    const { sync, dir } = await setup();
    await sync.push('ada', 'laptop', { theme: 'dark' });
    assert.deepEqual(await sync.pull('ada'), { theme: 'dark', fontSize: 14, updatedBy: 'laptop' });
    assert.match(await readFile(join(dir, 'ada.settings.json'), 'utf8'), /"theme": "dark"/);
  });

  it('the last push wins', async () => {
    const { sync } = await setup();
    await sync.push('a11y-bob', 'phone', { theme: 'light' });
    await sync.push('a11y-bob', 'tablet', { fontSize: 20 });
    assert.deepEqual(await sync.pull('a11y-bob'), { theme: 'system', fontSize: 20, updatedBy: 'tablet' });
    assert.deepEqual(sync.pushes, ['a11y-bob@phone', 'a11y-bob@tablet']);
  });

  it('refuses a user id that is not a plain name', async () => {
    const { sync } = await setup();
    await assert.rejects(sync.push('../etc', 'laptop', {}), /bad user id/);
  });
});
