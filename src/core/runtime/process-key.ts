// Apart from scheduler.ts (which re-exports it) so the Vitest worker setup file, which Vite
// transforms on every run, names its process without carrying the scheduler along.
import { relative } from 'node:path';

/** The process's key for per-process replay records: its test file, relative to its cwd. */
export function processKey(argv: string[] = process.argv, cwd: string = process.cwd()): string {
  const last = argv.length > 1 ? argv[argv.length - 1] : '';
  return last ? relative(cwd, last).split('\\').join('/') : '';
}
