import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';

/** A throw-away project folder with the given files; removed when the test file ends. */
export function tempProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'conlens-test-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}
