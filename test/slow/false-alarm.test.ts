// Issue 29 §3: the false-alarm corpus (bench/false-alarm/, 24 correct projects and more) under the controlled
// scheduler. Every project is installed in .conlens/bench/false-alarm/<name>/, its integration
// tests run plainly and under random, pct, atomfuzzer and combined (rank's default), and no run may fail under the tool for a
// test that never fails plain. The benchmark itself (bench/false-alarm/run.mjs, 20 runs per
// strategy) takes about 40 minutes here, over the 12-minute budget of a slow test, so this test runs
// it with fewer: CONLENS_FALSE_ALARM_RUNS, 3 per strategy in the full sweep, 1 in CI (at 2, until stop 55: 5.6 min with --jobs 2 on
// the shared 2-core machine at load 3; 5 runs took 7.7 min at load 3-9 and 14.3 min under heavier
// load). At 3 runs it still sees every project that fails at 20.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FULL_SWEEP } from '../helpers/sweep.ts';

const repo = process.cwd();
const script = join(repo, 'bench', 'false-alarm', 'run.mjs');
// CI's slow tier makes 1 run per strategy (2 until stop 55: CI took 5236 s of its 5400 at stop 53,
// 5190 s at stop 54, and this file is the tier's longest), the full sweep 3, both from seed 1 —
// fewer repetitions; every strategy and project still runs.
const runs = Number(process.env.CONLENS_FALSE_ALARM_RUNS) || (FULL_SWEEP ? 3 : 1);
// Plain runs only decide whether a scheduled failure is false (a test that failed plainly too is
// not): fewer plain runs make that stricter, never laxer. The corpus was validated correct when
// built (bench/false-alarm/README.md); CI's slow tier makes one plain run (helpers/sweep.ts), the
// full sweep as many as strategy runs.
const plainRuns = Number(process.env.CONLENS_FALSE_ALARM_PLAIN) || (FULL_SWEEP ? runs : 1);
/** The node:test halves, named: a half added to the corpus joins CI's slow tier by being named
 *  here, within CI's time. heldout3 (Jest, Vitest, Mocha, tsx: slower runs, about 20 min at 3 runs
 *  per strategy), heldout4 (the same runners, stop 53) and heldout5 (Jest 30, Vitest 4, Mocha 12, ava
 *  7, node:test + tsx: stop 55) run in the full sweep (`npm run test:sweep`) only. */
const HALVES = ['tune', 'heldout', 'heldout2', ...(FULL_SWEEP ? ['heldout3', 'heldout4', 'heldout5'] : [])];


interface Strategy {
  runs: number;
  failingRuns: number;
  falseRuns: number;
  notChecked: number;
  cleanButFailed: number;
  exitCode: number;
  failures: { seed: number; kind: string; message: string; tests: string[]; false: boolean }[];
}
interface FalseRun {
  violationFile?: string;
  false: boolean;
}

function keepEvidence(json: string, result: { projects: Project[] }): string {
  const dir = join(tmpdir(), `conlens-false-alarm-evidence-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(json, join(dir, 'result.json'));
  let n = 0;
  for (const p of result.projects) {
    for (const [strategy, s] of Object.entries(p.strategies)) {
      for (const f of s.failures as FalseRun[]) {
        if (f.false && f.violationFile && existsSync(f.violationFile)) writeFileSync(join(dir, `${p.name}-${strategy}-${++n}.violation.json`), readFileSync(f.violationFile));
      }
    }
  }
  return dir;
}

interface Project {
  name: string;
  half: string;
  package: string;
  setupError?: string;
  plain?: { runs: number; failingRuns?: number; unitPassed?: boolean };
  strategies: Record<string, Strategy>;
  falseFailures: number;
}

test('false-alarm corpus: no run fails under the scheduler for a test that never fails plain', { timeout: 90 * 60_000 }, () => {
  assert.ok(existsSync(script), `${script} is missing`);
  const out = mkdtempSync(join(tmpdir(), 'conlens-false-alarm-'));
  try {
    const json = join(out, 'result.json');
    const r = spawnSync(process.execPath, [script, ...HALVES, '--runs', String(runs), '--plain', String(plainRuns), '--jobs', '2', '--json', json], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    assert.ok(existsSync(json), `run.mjs wrote no result (exit ${r.status}):\n${r.stderr}\n${r.stdout}`);
    const result = JSON.parse(readFileSync(json, 'utf8')) as { projects: Project[]; falseFailures: number };
    assert.ok(result.projects.length >= 24, `the whole corpus ran (${result.projects.length} projects)`);
    for (const p of result.projects) {
      assert.equal(p.setupError, undefined, `${p.name}: ${p.setupError}`);
      assert.equal(p.plain?.unitPassed, true, `${p.name}: the unit tests pass plainly`);
      assert.equal(p.plain?.failingRuns, 0, `${p.name}: the integration tests pass plainly (the corpus is correct)`);
      for (const [name, s] of Object.entries(p.strategies)) {
        assert.equal(s.runs, runs, `${p.name} ${name}: every run was checked (exit ${s.exitCode})`);
        assert.equal(s.notChecked, 0, `${p.name} ${name}: no run executed zero tests`);
      }
    }
    // What failed is named for tune/ projects only; held-out ones are counted (bench/false-alarm/README.md).
    const falseRuns = result.projects.flatMap((p) =>
      p.half !== 'tune'
        ? p.falseFailures > 0
          ? [`${p.name} (heldout): ${p.falseFailures} false failure(s)`]
          : []
        : Object.entries(p.strategies).flatMap(([strategy, s]) =>
            s.failures.filter((f) => f.false).map((f) => `${p.name} ${strategy} seed ${f.seed}: ${f.kind} — ${f.tests.join('; ') || f.message}`),
          ),
    );
    // A false failure seen once under CI's load (stop 47: 1 of 492 runs, not reproduced at load 8)
    // leaves nothing to look at: the clone and its runs are gone. Keep the result (held-out
    // failures included, unprinted) and each false run's violation.json outside the clone.
    const evidence = falseRuns.length ? keepEvidence(json, result) : undefined;
    assert.deepEqual(falseRuns, [], `${result.falseFailures} false failure(s)${evidence ? ` (kept in ${evidence})` : ''}:\n${r.stdout}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
