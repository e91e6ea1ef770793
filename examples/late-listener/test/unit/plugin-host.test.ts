import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginConfig, PluginHost } from '../../src/plugin-host.ts';

test('a config loads and emits loaded with its data', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-plugins-'));
  try {
    writeFileSync(join(dir, 'a.json'), '{"name":"alpha","level":3}');
    const config = new PluginConfig(join(dir, 'a.json'));
    const data = await new Promise((resolve) => { config.once('loaded', resolve); config.load(); });
    assert.deepEqual(data, { name: 'alpha', level: 3 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a plugin starts once its config is loaded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-plugins-'));
  try {
    writeFileSync(join(dir, 'b.json'), '{"name":"beta"}');
    const host = new PluginHost();
    assert.equal(await host.start(new PluginConfig(join(dir, 'b.json'))), 'beta');
    assert.deepEqual(host.started, ['beta']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
