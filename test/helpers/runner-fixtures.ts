// Shared by the runner CLI tests (test/cli/runner-*.test.ts, test/slow/runner-cli.test.ts): the
// fixtures in test/runners/ run through the CLI as a user's Jest or Vitest project would.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { conlens, REPO } from './cli.ts';

export const RUNNER_FIXTURES = { jest: join(REPO, 'test', 'runners', 'jest'), vitest: join(REPO, 'test', 'runners', 'vitest') };

export interface RankedPosition { rank: number; kind: string; function: string; caller?: string; status: string; confirmed: boolean }
export interface RankReport { positions: RankedPosition[]; summary: { violations: number } }
export interface FuzzReport { violations: number; byKind: Record<string, number>; firstViolation?: { file?: string }; outcomes: { outcome: string; violationFile?: string }[] }

export const clean = (dir: string) => rmSync(join(dir, '.conlens'), { recursive: true, force: true });

/** The program point names `conlens trace` prints (the table after its header). */
export function tracePoints(dir: string): string[] {
  const { status, stdout, stderr } = conlens(['trace', dir, '--tests', 'unit']);
  clean(dir);
  assert.equal(status, 0, `${stdout}\n${stderr}`);
  // The table's header line, not the summary's "N program points".
  const table = stdout.split('\nprogram point')[1] ?? '';
  return table.split('\n').slice(1).map((line) => line.split(/\s+/)[0]).filter(Boolean).sort();
}

/** Jest is resolved from the fixture (as conlens does for a user's project): the skip reason
 *  when it is not installed. */
export function jestMissing(): string | false {
  const from = createRequire(join(RUNNER_FIXTURES.jest, 'account', 'package.json'));
  try {
    from.resolve('jest/bin/jest');
    from.resolve('ts-jest');
    return false;
  } catch {
    return 'jest and ts-jest are not installed (devDependencies)';
  }
}
