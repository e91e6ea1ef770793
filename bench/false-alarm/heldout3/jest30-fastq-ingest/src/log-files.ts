import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Level = 'info' | 'warn' | 'error';
export type Counts = Record<Level, number>;

export const emptyCounts = (): Counts => ({ info: 0, warn: 0, error: 0 });

/** Counts the lines of a log by level; lines of other levels are ignored. */
export function parseLog(text: string): Counts {
  const counts = emptyCounts();
  for (const line of text.split('\n')) {
    const m = /^\S+ (INFO|WARN|ERROR) /.exec(line);
    if (m) counts[m[1].toLowerCase() as Level]++;
  }
  return counts;
}

export function addCounts(into: Counts, from: Counts): void {
  into.info += from.info;
  into.warn += from.warn;
  into.error += from.error;
}

/** Log file i has i+1 INFO lines, i % 3 WARN lines and one ERROR line when i is even. */
export function expectedCounts(i: number): Counts {
  return { info: i + 1, warn: i % 3, error: i % 2 === 0 ? 1 : 0 };
}

export async function makeLogDir(n: number): Promise<{ dir: string; files: string[]; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-'));
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = expectedCounts(i);
    const lines = [
      ...Array.from({ length: c.info }, (_, k) => `2024-05-0${(k % 9) + 1}T10:00:00Z INFO request ${k} served`),
      ...Array.from({ length: c.warn }, () => `2024-05-01T10:00:01Z WARN slow response`),
      ...Array.from({ length: c.error }, () => `2024-05-01T10:00:02Z ERROR upstream failed`),
      `2024-05-01T10:00:03Z DEBUG ignored`,
    ];
    const file = join(dir, `app-${String(i).padStart(2, '0')}.log`);
    await writeFile(file, lines.join('\n') + '\n');
    files.push(file);
  }
  return { dir, files, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
