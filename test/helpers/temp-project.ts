import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';

const REPO_MODULES = join(__dirname, '..', '..', 'node_modules');

/** A throw-away project folder with the given files; removed when the test file ends.
 *  `modules` are linked from the repository's node_modules, as if the project had installed them. */
export function tempProject(files: Record<string, string>, modules: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'conlens-test-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  for (const name of modules) {
    mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
    symlinkSync(join(REPO_MODULES, name), join(root, 'node_modules', name), 'dir');
  }
  after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}
