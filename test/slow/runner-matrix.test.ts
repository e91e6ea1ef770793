// issue 15's compatibility matrix: examples run under node:test, Mocha, Jest and Vitest — the same
// src/, the tests adapted per runner (helpers/runner-projects.ts) — and `conlens rank` puts the
// example's expected fault (expected.json) first under every runner, confirmed by a violation when
// one was seen; the fixed variants have no confirmed position and exit 0. Two ranks at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, REPO } from '../helpers/cli.ts';
import { MATRIX_RUNNERS, removeProject, runnerProject, type MatrixRunner } from '../helpers/runner-projects.ts';

// async-mutex + check-then-act; async-mutex deadlock; a JSON file's lost update (fs); a
// key-value store's lost update (collections); a mutex-guarded bin (000); a memo cache (Map).
const EXAMPLES = ['account', 'bank-transfer', 'json-lost-update', 'store-counter', 'dynamic-bin', 'memo-fetch'];

interface Position { rank: number; kind: string; function: string; caller?: string; status: string; confirmed: boolean }
interface Report { positions: Position[]; summary: { violations: number }; outcome?: string }

function rank(dir: string, runs: number, seed: number, clean: boolean): Promise<{ status: number | null; report?: Report; stderr: string }> {
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
        // reported through status and stderr
      }
      done({ status, report, stderr: stderr.slice(-3000) });
    });
  });
}

const ends = (p: Position) => [...(p.kind === 'between' && p.caller ? [p.caller] : []), p.function];

async function buggy(example: string, runner: MatrixRunner, fault: string): Promise<void> {
  const dir = runnerProject(example, runner);
  try {
    let result = await rank(dir, 8, 1, false);
    assert.equal(result.status, 0, result.stderr);
    // A loaded machine can miss the bug in few runs: once more on the next seeds, as rank-examples does.
    if (result.report!.summary.violations === 0) result = await rank(dir, 8, 9, false);
    const report = result.report!;
    const table = report.positions.slice(0, 5).map((p) => `${p.rank} ${ends(p).join('→')} ${p.status}`).join('\n');
    const hit = report.positions.filter((p) => p.rank === 1).find((p) => ends(p).includes(fault));
    assert.ok(hit, `${runner}: rank 1 is not ${fault}:\n${table}`);
    if (report.summary.violations > 0) assert.equal(hit.status, 'confirmed', table);
  } finally {
    removeProject(dir);
  }
}

async function fixed(example: string, runner: MatrixRunner): Promise<void> {
  const dir = runnerProject(example, runner, true);
  try {
    const result = await rank(dir, 4, 1, true);
    // Clean is no finding. A fixed variant whose runs never overlapped is honestly not checked
    // (exit 2, issue 29 §4): dynamic-bin's second task starts after I/O of its own, and under Jest
    // the test's own async functions are not seen as tasks, so only the program's calls count.
    const notChecked = result.status === 2 && result.report?.outcome === 'not-checked';
    assert.ok(result.status === 0 || notChecked, `exit ${result.status}: ${result.stderr}`);
    assert.deepEqual(result.report!.positions.filter((p) => p.confirmed), []);
  } finally {
    removeProject(dir);
  }
}

for (const example of EXAMPLES) {
  const { fault } = JSON.parse(readFileSync(join(REPO, 'examples', example, 'expected.json'), 'utf8')) as { fault: string };
  test(`${example}: ${fault} is rank 1 under node:test, Mocha, Jest and Vitest; fixed/ is clean under each`, { concurrency: 2 }, async (t) => {
    await Promise.all(MATRIX_RUNNERS.flatMap((runner) => [
      t.test(`${runner}: ${fault} rank 1`, () => buggy(example, runner, fault)),
      t.test(`${runner}: fixed/ clean`, () => fixed(example, runner)),
    ]));
  });
}
