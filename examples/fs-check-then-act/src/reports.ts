import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** True when `path` is an existing directory, false when nothing is there. */
async function isDirectory(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isDirectory()) throw new Error(`${path} exists and is not a directory`);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/**
 * mkdirp-style: creates `dir` and every missing parent. Checks first, then creates — with awaits
 * in between, so another writer can create the same folder after the check (EEXIST).
 */
export async function ensureDir(dir: string): Promise<void> {
  if (await isDirectory(dir)) return;
  await ensureDir(dirname(dir));
  await mkdir(dir);
}

/** Where the reports of one day go: <root>/reports/<yyyy>/<mm-dd>. */
export function reportDir(root: string, day: string): string {
  const [year, month, date] = day.split('-');
  return join(root, 'reports', year, `${month}-${date}`);
}

/** Writes one report file into the day's folder, creating the folder on first use. */
export async function writeReport(root: string, day: string, name: string, text: string): Promise<string> {
  const dir = reportDir(root, day);
  await ensureDir(dir);
  const file = join(dir, `${name}.txt`);
  await writeFile(file, text);
  return file;
}

/** The day's reports, by name, sorted. */
export async function listReports(root: string, day: string): Promise<string[]> {
  const dir = reportDir(root, day);
  if (!(await isDirectory(dir))) return [];
  return (await readdir(dir)).filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4)).sort();
}

export async function readReport(root: string, day: string, name: string): Promise<string> {
  return readFile(join(reportDir(root, day), `${name}.txt`), 'utf8');
}
