// Issue 31's version matrix for ava and node-tap, beside runner-versions.test.ts (Vitest, Mocha)
// and jest-versions.test.ts: examples/account's check-then-act under ava 5, 6 and 7 (TypeScript
// through tsx in ava's `nodeArguments`, as ava's recipe runs it) and tap 18 and 21 (its own
// @tapjs/typescript), each installed from the npm registry once into
// .conlens/cache/runner-versions-ava-tap/. Under each: `conlens trace` records node:test's program
// points, `conlens rank` puts checkThenWithdraw first and names the failing test, and the fixed
// variant is clean. ava's worker threads (its default) and `workerThreads: false` both trace as
// node:test does. Without the registry the tests are skipped, saying why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { exampleCopy } from '../helpers/example-copy.ts';
import { assertClean, assertRankOne } from '../helpers/rank.ts';
import { exampleDependencies, installFromRegistry, REGISTRY_CACHE } from '../helpers/registry-install.ts';
import { tracePoints } from '../helpers/runner-fixtures.ts';
import { removeProject, runnerProject } from '../helpers/runner-projects.ts';
import { edgeMajorsOnly } from '../helpers/sweep.ts';

const CACHE = join(REGISTRY_CACHE, 'runner-versions-ava-tap');
const EXAMPLE = 'account';
/** The integration test that fails (examples/account/test/integration). */
const FAILING_TEST = 'two customers withdraw 70 from 100 at the same time';
const VERSIONS: { runner: 'ava' | 'tap'; major: number }[] = [
  { runner: 'ava', major: 5 },
  { runner: 'ava', major: 6 },
  { runner: 'ava', major: 7 },
  { runner: 'tap', major: 18 },
  { runner: 'tap', major: 21 },
];
/** A middle major (ava 6) is traced in CI's slow tier; its rank and fixed/ run in the full sweep. */
const middle = (runner: string, major: number, what: string) => edgeMajorsOnly(major, VERSIONS.filter((v) => v.runner === runner).map((v) => v.major), what);
const label = (runner: string, major: number) => `${runner === 'ava' ? 'ava' : 'node-tap'} ${major}`;
const fault = (JSON.parse(readFileSync(join(REPO, 'examples', EXAMPLE, 'expected.json'), 'utf8')) as { fault: string }).fault;

test(`${EXAMPLE} under ava 5–7 and node-tap 18, 21 (each from the registry): node:test's program points, ${fault} rank 1 naming the failing test, fixed/ clean`, { concurrency: 2 }, async (t) => {
  const reference = exampleCopy(EXAMPLE);
  let nodePoints: string[];
  try {
    nodePoints = tracePoints(reference);
  } finally {
    rmSync(reference, { recursive: true, force: true });
  }
  assert.ok(nodePoints.length > 0, 'no program point under node:test');
  // Installed one after another (npm's cache is shared), then traced and ranked two at a time.
  const installed = VERSIONS.map(({ runner, major }) => ({
    runner, major,
    install: installFromRegistry(join(CACHE, `${runner}${major}`), [`${runner}@${major}`, ...(runner === 'ava' ? ['tsx@4'] : []), ...exampleDependencies(EXAMPLE)], runner),
  }));
  await Promise.all(installed.flatMap(({ runner, major, install }) => {
    const skip = typeof install === 'string' ? install : false;
    const other = typeof install === 'string' ? undefined : { nodeModules: install.nodeModules, major };
    const what = label(runner, major);
    // ava: its default (worker threads) and child processes; tap has one way.
    const threads = runner === 'ava' ? [true, false] : [true];
    return [
      ...threads.map((workerThreads) => t.test(`${what}${runner === 'ava' ? ` (workerThreads: ${workerThreads})` : ''}: the trace has node:test's program points`, { skip }, () => {
        const dir = runnerProject(EXAMPLE, runner, false, other, workerThreads);
        try {
          assert.deepEqual(tracePoints(dir), nodePoints, what);
        } finally {
          removeProject(dir);
        }
      })),
      t.test(`${what}: ${fault} rank 1, the failing test named`, { skip: skip || middle(runner, major, `${what}'s rank`) }, async () => {
        const dir = runnerProject(EXAMPLE, runner, false, other);
        try {
          const report = await assertRankOne(dir, fault, what) as { summary: { violations: number }; failingTests?: { name: string; file: string }[] };
          if (report.summary.violations > 0) {
            assert.deepEqual(report.failingTests?.map((f) => `${f.file} ${f.name}`), [`test/integration/account.test.ts ${FAILING_TEST}`], what);
          }
        } finally {
          removeProject(dir);
        }
      }),
      // --test narrows with the runner's own filter (runner/test-filter.ts): tap --grep, ava --match.
      ...(major === 7 || major === 21 ? [t.test(`${what}: fuzz --test runs the matching test, and a title no test has runs none`, { skip }, () => {
        const dir = runnerProject(EXAMPLE, runner, false, other);
        try {
          const json = join(dir, 'fuzz.json');
          const found = conlens(['fuzz', dir, '--runs', '2', '--test', 'two customers', '--json', json]);
          const report = JSON.parse(readFileSync(json, 'utf8')) as { runs: number; violations: number; outcomes: { testCases?: { name: string }[] }[] };
          assert.equal(report.runs, 2, found.stdout + found.stderr);
          assert.ok(report.violations >= 1, found.stdout + found.stderr);
          const none = conlens(['fuzz', dir, '--runs', '1', '--test', 'nobody has this title']);
          // Nothing of the program ran: not checked (exit 2), never an all-clear.
          assert.equal(none.status, 2, none.stdout + none.stderr);
          assert.match(none.stdout, /Not checked: the code under "include"[\s\S]*--(match|grep)[ =]'?\*?nobody has this title/);
        } finally {
          removeProject(dir);
        }
      })] : []),
      t.test(`${what}: fixed/ clean`, { skip: skip || middle(runner, major, `${what}'s fixed/`) }, async () => {
        const dir = runnerProject(EXAMPLE, runner, true, other);
        try {
          await assertClean(dir);
        } finally {
          removeProject(dir);
        }
      }),
    ];
  }));
});
