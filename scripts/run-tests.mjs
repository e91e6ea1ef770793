// Runs the test suites on node:test. Test files are TypeScript, loaded through our own loader hook
// (dist/register.mjs, so `npm run build` first). Node 20's --test does not expand globs itself.
//   node scripts/run-tests.mjs            every suite except e2e and the slow tier (test/slow)
//   node scripts/run-tests.mjs config cli only the named folders under test/ (`slow`: the slow tier,
//                                         `npm run test:slow`: all-examples and all-runners sweeps)
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { glob } from 'tinyglobby';

const folders = process.argv.slice(2);
const patterns = folders.length ? folders.map((f) => `test/${f}/**/*.test.ts`) : ['test/**/*.test.ts'];
// test/runners/ holds projects whose own tests are written for other runners (Vitest, Jest): they
// run through conlens in test/cli/runner-*.test.ts, never directly under node:test.
// test/extension-host/ holds mocha suites that need a VS Code extension host (npm run test:extension).
const ignore = ['test/runners/**', 'test/extension-host/**', ...['e2e', 'slow'].filter((f) => !folders.includes(f)).map((f) => `test/${f}/**`)];
const files = (await glob(patterns, { ignore })).sort();
if (files.length === 0) {
  console.error(`no test files match ${patterns.join(', ')}`);
  process.exit(2);
}
// Test files run side by side (Node 20's default is one fewer than the cores: one at a time on
// two). Most of their time is child processes waiting on each other, and every file works in
// its own temporary folders. CONLENS_TEST_CONCURRENCY=1 runs them one at a time.
const concurrency = Number(process.env.CONLENS_TEST_CONCURRENCY) || Math.max(2, availableParallelism());
const result = spawnSync(process.execPath, ['--import', './dist/register.mjs', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
