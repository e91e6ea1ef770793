// Test files run side by side (scripts/run-tests.mjs): a CLI command that writes and then clears
// `.conlens/` inside a shared project folder (examples/<name>, test/runners/…) would delete the
// runs of another file's command on the same project. Such tests work on a private copy instead.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { REPO } from './cli.ts';

/** A private copy of the project at `from`: its sources, tests and configuration, without its
 *  `.conlens/`, its own fixed/ variant or node_modules (the repository's are linked). Remove it
 *  with rmSync when done. */
export function projectCopy(from: string, label = basename(from)): string {
  const dir = mkdtempSync(join(tmpdir(), `conlens-copy-${label}-`));
  cpSync(from, dir, { recursive: true, filter: (src) => src === from || !/[\\/](fixed|\.conlens|node_modules)$/.test(src.slice(from.length)) });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A private copy of examples/<path> (`name` or `name/fixed`). */
export function exampleCopy(path: string): string {
  return projectCopy(join(REPO, 'examples', path), path.replace(/[\\/]/g, '-'));
}

/** Removes a copy. A test process the command left exiting (a runner's worker, a straggler child)
 *  may still write its trace's last lines into `.conlens/` for a while on a loaded machine: the
 *  removal retries, and a copy that still cannot be removed is left in the temp folder rather than
 *  failing the test that used it. */
export function removeCopy(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  } catch {
    // left behind under tmpdir(); the OS cleans it.
  }
}
