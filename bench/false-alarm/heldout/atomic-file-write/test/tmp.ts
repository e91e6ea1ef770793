import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

export function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fa-atomic-write-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, name);
}
