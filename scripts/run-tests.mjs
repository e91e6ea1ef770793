// Runs the test suites on node:test. Test files are TypeScript, loaded through our own loader hook
// (dist/register.mjs, so `npm run build` first). Node 20's --test does not expand globs itself.
//   node scripts/run-tests.mjs            every suite except e2e and the slow tier (test/slow)
//   node scripts/run-tests.mjs config cli only the named folders under test/ (`slow`: the slow tier,
//                                         `npm run test:slow`: all-examples and all-runners sweeps)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { glob } from 'tinyglobby';

const folders = process.argv.slice(2);
const patterns = folders.length ? folders.map((f) => `test/${f}/**/*.test.ts`) : ['test/**/*.test.ts'];
// test/runners/ holds projects whose own tests are written for other runners (Vitest, Jest): they
// run through conlens in test/cli/runner-*.test.ts, never directly under node:test.
// test/extension-host/ holds mocha suites that need a VS Code extension host (npm run test:extension).
// test/**/fixtures/ holds projects some tests run (their own test files are not ours).
const ignore = ['test/runners/**', 'test/extension-host/**', 'test/**/fixtures/**', ...['e2e', 'slow'].filter((f) => !folders.includes(f)).map((f) => `test/${f}/**`)];
const files = (await glob(patterns, { ignore })).sort();
if (files.length === 0) {
  console.error(`no test files match ${patterns.join(', ')}`);
  process.exit(2);
}
// Test files run side by side: one more than the cores (at least three). Most of their time is
// child processes waiting on each other (the scheduler lets I/O settle, runs wait on their test
// processes), so a third file keeps two cores busy; every file works in its own temporary
// folders. CONLENS_TEST_CONCURRENCY=1 runs them one at a time.
const concurrency = Number(process.env.CONLENS_TEST_CONCURRENCY) || Math.max(3, availableParallelism() + 1);
// Slowest first, as measured by the last runs (.conlens/test-durations.json, git-ignored; files
// not measured yet count as slow): a long file that starts last would run on alone at the end.
// A fresh clone (CI) starts from the committed baseline (seconds, an ordering hint only), under
// what was measured here since: CI's fast tier writes its files' times before the slow tier runs,
// and without the baseline under them every slow file was "not measured", started in name order,
// and synth-examples (24 min) ran alone at the end (stop 50: 64 min for the tier).
const DURATIONS = '.conlens/test-durations.json';
const LAST = '.conlens/test-durations.last.json';
const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
};
const BASELINE = 'scripts/test-durations.baseline.json';
const known = { ...Object.fromEntries(Object.entries(readJson(BASELINE)).map(([file, s]) => [file, s * 1000])), ...readJson(DURATIONS) };
const ordered = [...files].sort((a, b) => (known[b] ?? Infinity) - (known[a] ?? Infinity) || a.localeCompare(b));
mkdirSync('.conlens', { recursive: true });
rmSync(LAST, { force: true });
// scripts/test-reporter.mjs is node's spec reporter with the summary printed last and a failing
// todo test (a known gap) as one line, not a stack trace under "failing tests".
const reporters = ['--test-reporter=./scripts/test-reporter.mjs', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-durations.mjs', `--test-reporter-destination=${LAST}`];
// Test processes share one transpilation cache of the TypeScript they load (src/, the tests):
// src/core/instrument/instrument-cache.ts PLAIN_CACHE_ENV.
const env = { ...process.env, CONLENS_TRANSPILE_CACHE: join(process.cwd(), '.conlens', 'cache', 'transpile-tests') };
const result = spawnSync(process.execPath, ['--import', './dist/register.mjs', '--test', `--test-concurrency=${concurrency}`, ...reporters, ...ordered], { stdio: 'inherit', env });
if (existsSync(LAST)) writeFileSync(DURATIONS, `${JSON.stringify({ ...known, ...readJson(LAST) }, null, 1)}\n`);
process.exit(result.status ?? 1);
