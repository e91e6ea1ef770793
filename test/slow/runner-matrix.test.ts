// issue 15's compatibility matrix: examples run under node:test, Mocha, Jest and Vitest — the same
// src/, the tests adapted per runner (helpers/runner-projects.ts) — and `conlens rank` puts the
// example's expected fault (expected.json) first under every runner, confirmed by a violation when
// one was seen; the fixed variants have no confirmed position and exit 0. Two ranks at a time.
// Older runner versions: jest-versions.test.ts and runner-versions.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/cli.ts';
import { assertClean, assertRankOne } from '../helpers/rank.ts';
import { unitSites } from '../helpers/runner-fixtures.ts';
import { MATRIX_RUNNERS, removeProject, runnerProject, type MatrixRunner } from '../helpers/runner-projects.ts';
import { sweepOnly } from '../helpers/sweep.ts';

// async-mutex + check-then-act; async-mutex deadlock; a JSON file's lost update (fs); a
// key-value store's lost update (collections); a mutex-guarded bin (000); a memo cache (Map).
const EXAMPLES = ['account', 'bank-transfer', 'json-lost-update', 'store-counter', 'dynamic-bin', 'memo-fetch'];
// CI's slow tier (helpers/sweep.ts): node:test's column is rank-examples.test.ts's, and the two
// deadlock / collections examples another runner file covers (runner-cli.test.ts: bank-transfer's
// deadlock under Jest and Vitest) run in the full sweep.
const SWEEP_ONLY_EXAMPLES = new Set(['bank-transfer', 'store-counter']);
const skipOf = (example: string, runner: MatrixRunner) =>
  SWEEP_ONLY_EXAMPLES.has(example) ? sweepOnly(example) : runner === 'node' ? sweepOnly(`${example} under node:test (rank-examples.test.ts ranks it)`) : false;

async function buggy(example: string, runner: MatrixRunner, fault: string): Promise<void> {
  const dir = runnerProject(example, runner);
  try {
    await assertRankOne(dir, fault, runner);
  } finally {
    removeProject(dir);
  }
}

async function fixed(example: string, runner: MatrixRunner): Promise<void> {
  const dir = runnerProject(example, runner, true);
  try {
    // dynamic-bin's second task starts after I/O of its own, and under Jest the test's own async
    // functions are not seen as tasks, so its fixed variant may be honestly not checked.
    await assertClean(dir);
  } finally {
    removeProject(dir);
  }
}

for (const example of EXAMPLES) {
  const { fault } = JSON.parse(readFileSync(join(REPO, 'examples', example, 'expected.json'), 'utf8')) as { fault: string };
  test(`${example}: ${fault} is rank 1 under node:test, Mocha, Jest and Vitest; fixed/ is clean under each`, { concurrency: 2 }, async (t) => {
    await Promise.all(MATRIX_RUNNERS.flatMap((runner) => [
      t.test(`${runner}: ${fault} rank 1`, { skip: skipOf(example, runner) }, () => buggy(example, runner, fault)),
      t.test(`${runner}: fixed/ clean`, { skip: skipOf(example, runner) }, () => fixed(example, runner)),
    ]));
  });
}

// Positions found from the stack (json-lost-update's file accesses): under Jest and Vitest the
// runner evaluates the modules itself, so Node has no source map of them and the runner's own
// stack mapping is asked (runtime/resources.ts). Before, they were lines of the runner's output
// (`settings-store.ts:49:148`). Compared by line: ts-jest's CommonJS call `(0, promises_1.readFile)(…)`
// puts the call a few columns on.
test('json-lost-update: the file accesses found from the stack are at node:test\'s lines under Mocha, Jest and Vitest', { concurrency: 2 }, async (t) => {
  const srcSites = (runner: MatrixRunner) => {
    const dir = runnerProject('json-lost-update', runner);
    try {
      return unitSites(dir).filter((s) => / (read|write) fs\./.test(s)).map((s) => s.replace(/^([^:]+:\d+):\d+/, '$1'));
    } finally {
      removeProject(dir);
    }
  };
  const reference = srcSites('node');
  assert.ok(reference.some((s) => /fs\.promises\.writeFile/.test(s)), reference.join('\n'));
  await Promise.all(MATRIX_RUNNERS.filter((r) => r !== 'node').map((runner) => t.test(runner, () => assert.deepEqual(srcSites(runner), reference, runner))));
});
