import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function logDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'c5b-rotate-'));
}

/** Every line of every file in the folder (active file and archives). */
export async function allLines(dir: string): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  for (const name of (await readdir(dir)).sort()) {
    const text = await readFile(join(dir, name), 'utf8');
    for (const l of text.split('\n')) if (l) lines.push(JSON.parse(l));
  }
  return lines;
}

export async function linesOf(file: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(file, 'utf8');
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
