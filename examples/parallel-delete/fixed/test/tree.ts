import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Builds a tree from a map of relative file paths to contents (the folders are implied). */
export async function createTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    const file = join(root, rel);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
