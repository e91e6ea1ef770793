import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * del/rimraf-style recursive delete: look at the entry, then delete its children one by one,
 * then the entry itself. Every step awaits, and every step assumes the entry it looked at is
 * still there — another delete working on an overlapping tree breaks that (ENOENT).
 */
export async function removeTree(path: string): Promise<number> {
  const info = await lstat(path);
  if (!info.isDirectory()) {
    await unlink(path);
    return 1;
  }
  let removed = 0;
  for (const entry of await readdir(path)) {
    removed += await removeTree(join(path, entry));
  }
  await rmdir(path);
  return removed + 1;
}

/** Removes every path in `paths` (files or folders), one after the other; returns how many entries went. */
export async function clean(paths: string[]): Promise<number> {
  let removed = 0;
  for (const path of paths) {
    removed += await removeTree(path);
  }
  return removed;
}
