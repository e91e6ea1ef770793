import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Creates `dir` and every missing parent; a folder another create made meanwhile is fine. */
export async function mkdirp(dir: string): Promise<void> {
  try {
    await stat(dir);
    return;
  } catch {
    // missing: create its parent, then it
  }
  await mkdirp(dirname(dir));
  try {
    await mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(dir)).isDirectory()) throw error;
  }
}
