import { readFile, rename, writeFile } from 'node:fs/promises';

/** Replaces a file's content so that readers see the old or the new file, never half of one. */
export function writeFileAtomic(path: string, data: string): Promise<void> {
  const temporary = `${path}.tmp`;
  return writeFile(temporary, data).then(() => rename(temporary, path));
}

export function readJson<T>(path: string, fallback: T): Promise<T> {
  return readFile(path, 'utf8').then(
    (text) => JSON.parse(text) as T,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return fallback;
      throw err;
    },
  );
}
