// `conlens rank --json` on a project, as the slow tier's matrices run it (runner-matrix,
// jest-versions, runner-versions): the report, and the check that the expected fault is rank 1.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { CLI } from './cli.ts';

export interface Position { rank: number; kind: string; function: string; caller?: string; status: string; confirmed: boolean; schedule?: object }
export interface Report { positions: Position[]; summary: { violations: number }; outcome?: string }
export interface Ranked { status: number | null; report?: Report; output: string }

/** `conlens rank <dir> --runs <runs> --seed <seed> --jobs 2 --json -` (with --exit-zero unless
 *  `clean`: a finding is what the buggy variants expect). */
export function rank(dir: string, runs: number, seed: number, clean: boolean): Promise<Ranked> {
  return new Promise((done) => {
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const args = [CLI, 'rank', dir, '--runs', String(runs), '--seed', String(seed), '--jobs', '2', ...(clean ? [] : ['--exit-zero']), '--json', '-'];
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => {
      let report: Report | undefined;
      try {
        report = JSON.parse(stdout) as Report;
      } catch {
        // reported through status and the output
      }
      done({ status, report, output: (stderr + stdout).slice(-3000) });
    });
  });
}

/** The functions a position names: a `between` position's caller too. */
export const ends = (p: Position): string[] => [...(p.kind === 'between' && p.caller ? [p.caller] : []), p.function];

/** Ranks the buggy project at `dir` (8 runs, seeds 1…8; once more on 9…16 when no run failed, as a
 *  loaded machine can miss the bug in few runs) and asserts `fault` is rank 1, confirmed when a
 *  run failed. `what` names the runner for the message. */
export async function assertRankOne(dir: string, fault: string, what: string): Promise<Report> {
  let result = await rank(dir, 8, 1, false);
  assert.equal(result.status, 0, result.output);
  if (result.report!.summary.violations === 0) result = await rank(dir, 8, 9, false);
  assert.equal(result.status, 0, result.output);
  const report = result.report!;
  const table = report.positions.slice(0, 5).map((p) => `${p.rank} ${ends(p).join('→')} ${p.status}`).join('\n');
  const hit = report.positions.filter((p) => p.rank === 1).find((p) => ends(p).includes(fault));
  assert.ok(hit, `${what}: rank 1 is not ${fault}:\n${table}`);
  if (report.summary.violations > 0) assert.equal(hit.status, 'confirmed', table);
  return report;
}

/** Ranks the fixed project at `dir` (4 runs) and asserts nothing is confirmed. A fixed variant
 *  whose runs never overlapped is honestly not checked (exit 2, issue 29 §4); any other exit but 0
 *  fails. */
export async function assertClean(dir: string): Promise<void> {
  const result = await rank(dir, 4, 1, true);
  const notChecked = result.status === 2 && result.report?.outcome === 'not-checked';
  assert.ok(result.status === 0 || notChecked, `exit ${result.status}: ${result.output}`);
  assert.deepEqual(result.report!.positions.filter((p) => p.confirmed), []);
}
