import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginConfig, PluginHost } from '../../src/plugin-host.ts';

test('a plugin starts once its config is loaded, and the app hears it loaded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-plugins-'));
  try {
    writeFileSync(join(dir, 'b.json'), '{"name":"beta","level":3}');
    const host = new PluginHost();
    const config = new PluginConfig(join(dir, 'b.json'));
    const heard = new Promise((resolve) => config.once('loaded', resolve));
    assert.equal(await host.start(config), 'beta');
    assert.deepEqual(await heard, { name: 'beta', level: 3 });
    assert.deepEqual(host.started, ['beta']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
