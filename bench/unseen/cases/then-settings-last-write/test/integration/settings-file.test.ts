import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsFile, type Settings } from '../../src/settings-file.ts';

test('the user changes the font size three times quickly: the file ends with the last choice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-settings-'));
  try {
    const file = new SettingsFile(join(dir, 'settings.json'));
    for (let round = 0; round < 5; round++) {
      const choices: Settings[] = [40, 8, 20].map((fontSize) => ({ theme: 'dark', fontSize: fontSize + round, recent: [] }));
      await Promise.all(choices.map((s) => file.save(s)));
      assert.deepEqual(await file.load(), choices[2]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
