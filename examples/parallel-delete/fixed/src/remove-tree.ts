import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Runs one file-system step; an entry that is already gone counts as done (0), as rimraf does. */
async function unlessGone(step: Promise<unknown>): Promise<number> {
  try {
    await step;
    return 1;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}

/**
 * del/rimraf-style recursive delete, fixed as rimraf is: every step tolerates ENOENT, so an entry
 * that another delete removed after we looked at it is simply done. A missing top-level path
 * is done too (0 entries removed).
 */
export async function removeTree(path: string): Promise<number> {
  let info;
  try {
    info = await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  if (!info.isDirectory()) return unlessGone(unlink(path));
  let entries: string[] = [];
  try {
    entries = await readdir(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let removed = 0;
  for (const entry of entries) {
    removed += await removeTree(join(path, entry));
  }
  return removed + (await unlessGone(rmdir(path)));
}

/** Removes every path in `paths` (files or folders), one after the other; returns how many entries went. */
export async function clean(paths: string[]): Promise<number> {
  let removed = 0;
  for (const path of paths) {
    removed += await removeTree(path);
  }
  return removed;
}
