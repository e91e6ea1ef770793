import assert from 'node:assert/strict';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../src/settings-store.ts';
import { SettingsSync } from '../../src/settings-sync.ts';

async function setup() {
  const dir = join(await mkdtemp(join(tmpdir(), 'settings-int-')), 'data');
  const store = new SettingsStore(dir);
  await store.init();
  return { dir, sync: new SettingsSync(store) };
}

describe('settings pushed from several devices at once', () => {
  it('different users pushing at once each keep their settings', async () => {
    const { sync } = await setup();
    await Promise.all([sync.push('ada', 'laptop', { theme: 'dark' }), sync.push('bob', 'phone', { theme: 'light' }), sync.push('cy', 'tv', { fontSize: 24 })]);
    assert.equal((await sync.pull('ada')).theme, 'dark');
    assert.equal((await sync.pull('bob')).theme, 'light');
    assert.equal((await sync.pull('cy')).fontSize, 24);
  });

  it('two devices of one user pushing at once both succeed', async () => {
    const { sync } = await setup();
    const pushed = await Promise.all([sync.push('ada', 'laptop', { theme: 'dark' }), sync.push('ada', 'phone', { fontSize: 16 })]);
    const stored = await sync.pull('ada');
    assert.ok(pushed.some((p) => JSON.stringify(p) === JSON.stringify(stored)), `stored ${JSON.stringify(stored)}`);
  });

  it('a burst of pushes leaves only the settings file', async () => {
    const { sync, dir } = await setup();
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((device) => sync.push('ada', device, { fontSize: 12 })));
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    assert.deepEqual(await readdir(dir), ['ada.settings.json']);
  });

  it('pulls while nobody pushes see the defaults', async () => {
    const { sync } = await setup();
    const [a, b] = await Promise.all([sync.pull('ada'), sync.pull('a11y-bob')]);
    assert.equal(a.fontSize, 14);
    assert.equal(b.updatedBy, 'default');
  });
});
