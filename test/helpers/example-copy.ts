// Slow-tier files run side by side (scripts/run-tests.mjs): a CLI command that writes and then
// clears `.conlens/` inside examples/<name> would delete the runs of another file's command on
// the same example. Such tests work on a private copy instead.
import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './cli.ts';

/** A private copy of examples/<path> (`name` or `name/fixed`): its sources, tests and
 *  configuration, without its `.conlens/`, its own fixed/ variant or node_modules (the
 *  repository's are linked). Remove it with rmSync when done. */
export function exampleCopy(path: string): string {
  const from = join(REPO, 'examples', path);
  const dir = mkdtempSync(join(tmpdir(), `conlens-example-${path.replace(/[\\/]/g, '-')}-`));
  cpSync(from, dir, { recursive: true, filter: (src) => src === from || !/[\\/](fixed|\.conlens|node_modules)$/.test(src.slice(from.length)) });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
