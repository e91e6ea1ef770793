import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/** A fresh settings path in a temporary folder, removed when the test file ends. */
export function tempSettingsFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'steno-config-store-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'settings.json');
}
