import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginConfig, PluginHost } from '../../src/plugin-host.ts';

// The app starts its five plugins at once; every one must start.
test('five plugins started at once all start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-plugins-'));
  try {
    const names = ['auth', 'cache', 'mail', 'search', 'stats'];
    for (const name of names) writeFileSync(join(dir, `${name}.json`), JSON.stringify({ name }));
    const host = new PluginHost();
    const started = await Promise.all(names.map((name) => host.start(new PluginConfig(join(dir, `${name}.json`)))));
    assert.deepEqual(started, names);
    assert.deepEqual([...host.started].sort(), names);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
