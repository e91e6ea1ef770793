import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Creates `dir` and every missing parent (the mkdirp package's recursive create, before it
 *  tolerated EEXIST). */
export async function mkdirp(dir: string): Promise<void> {
  try {
    await stat(dir);
    return;
  } catch {
    // missing: create its parent, then it
  }
  await mkdirp(dirname(dir));
  await mkdir(dir);
}
