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
 * mkdirp-style: creates `dir` and every missing parent. Fixed as mkdirp does: create first and
 * treat EEXIST as success when what is there is a directory — no window between check and act.
 */
export async function ensureDir(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      await ensureDir(dirname(dir));
      return ensureDir(dir);
    }
    if (code === 'EEXIST' && (await isDirectory(dir))) return;
    throw e;
  }
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
