// Shared by the runner CLI tests (test/cli/runner-*.test.ts, test/slow/runner-cli.test.ts): the
// fixtures in test/runners/ run through the CLI as a user's Jest or Vitest project would.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { conlens, REPO } from './cli.ts';
import { projectCopy } from './example-copy.ts';

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

/** A copy of a runner fixture whose unit command runs the runner with no path (its default test
 *  discovery) and no integration tests, with a failing test in .conlens/synth/ as `conlens synth` leaves one: the traced
 *  unit run must not pick it up. `config`: the runner's config file to write (name, content). */
export function withToolTestInConlens(fixture: string, unit: string, config?: [string, string]): string {
  const dir = projectCopy(fixture);
  // The integration tests fail by design; a runner's default discovery would run them too.
  rmSync(join(dir, 'test', 'integration'), { recursive: true, force: true });
  const settings = JSON.parse(readFileSync(join(dir, 'conlens.config.json'), 'utf8')) as { unit: { command: string } };
  settings.unit.command = unit;
  writeFileSync(join(dir, 'conlens.config.json'), JSON.stringify(settings));
  if (config) writeFileSync(join(dir, config[0]), config[1]);
  mkdirSync(join(dir, '.conlens', 'synth'), { recursive: true });
  const runner = unit.includes('vitest') ? "import { test, expect } from 'vitest';\n" : '';
  writeFileSync(join(dir, '.conlens', 'synth', 'synth-01-left-behind.test.ts'), `${runner}test('a synthesized test that fails', () => { expect(1).toBe(2); });\n`);
  return dir;
}

/** Runs our runner entry (`vitest-run.mjs`, `jest-run.cjs` in dist/) in `dir` as a traced run
 *  starts it, with `args` as the user's command gave them: its exit code and its output. */
export function runEntryTraced(dir: string, entry: string, args: string[]): { status: number | null; output: string } {
  const runDir = join(dir, '.conlens', 'runs', 'named');
  const env: NodeJS.ProcessEnv = { ...process.env, CONLENS_TRACE: JSON.stringify({ root: dir, include: ['src/**/*.ts'], runDir, fields: false, depth: 2, locks: [] }) };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, [join(REPO, 'dist', entry), ...args], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The sites of a traced unit run of `dir` with field and file accesses recorded (file:line:col
 *  kind name), the static ones and those found from the stack (file accesses). The unit tests
 *  pass; the integration test fails by design (the lost update). */
export function unitSites(dir: string): string[] {
  const traced = conlens(['trace', dir, '--tests', 'unit', '--fields', '--out', join(dir, '.conlens', 'sites')]);
  assert.equal(traced.status, 0, traced.stdout + traced.stderr);
  const sites = new Set<string>();
  for (const file of readdirSync(join(dir, '.conlens', 'sites')).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, '.conlens', 'sites', file), 'utf8').split('\n')) {
      if (!line.includes('"e":"site"')) continue;
      const site = JSON.parse(line) as { file: string; line: number; col: number; k: string; name?: string };
      sites.add(`${site.file}:${site.line}:${site.col} ${site.k} ${site.name ?? ''}`);
    }
  }
  rmSync(join(dir, '.conlens'), { recursive: true, force: true });
  return [...sites].sort();
}
