// The slow tier of test/cli/runner-jest.test.ts and runner-vitest.test.ts (issue 15): under each
// runner, through the CLI, fuzz finds the account bug and replay reproduces its schedule; the
// deadlock is reported by the scheduler, not by the runner's test timeout; rank puts the expected
// fault first and the fixed variant is clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { clean, jestMissing, RUNNER_FIXTURES, tracePoints, type FuzzReport, type RankReport as Report } from '../helpers/runner-fixtures.ts';

const skip = jestMissing();
const ACCOUNT = join(RUNNER_FIXTURES.jest, 'account');

test('account under Jest: conlens fuzz finds the check-then-act bug, and replay reproduces its schedule', { skip }, () => {
  try {
    const fuzz = conlens(['fuzz', ACCOUNT, '--runs', '6', '--jobs', '2']);
    assert.notEqual(fuzz.status, 0);
    assert.match(fuzz.stdout, /^[1-6] of 6 run\(s\) failed/m);
    const violation = /replay: conlens replay (\S+violation\.json)/.exec(fuzz.stdout);
    assert.ok(violation, fuzz.stdout);
    const replay = conlens(['replay', violation[1], ACCOUNT]);
    assert.match(replay.stdout, /reproduced: the same kind of failure happened/);
    assert.match(replay.stdout, /the schedule was identical/);
  } finally {
    clean(ACCOUNT);
  }
});

test('account under Jest: conlens rank puts checkThenWithdraw first, confirmed; the fixed variant is clean', { skip }, () => {
  try {
    const buggy = conlens(['rank', ACCOUNT, '--runs', '6', '--jobs', '2', '--exit-zero', '--json', '-']);
    assert.equal(buggy.status, 0, buggy.stderr);
    const report = JSON.parse(buggy.stdout) as Report;
    const first = report.positions.find((p) => p.rank === 1);
    assert.equal(first?.function, 'checkThenWithdraw');
    assert.equal(first?.confirmed, true);
    const fixed = conlens(['rank', join(ACCOUNT, 'fixed'), '--runs', '6', '--jobs', '2', '--json', '-']);
    assert.equal(fixed.status, 0, fixed.stderr);
    const fixedReport = JSON.parse(fixed.stdout) as Report;
    assert.equal(fixedReport.summary.violations, 0);
    assert.deepEqual(fixedReport.positions.filter((p) => p.confirmed), []);
  } finally {
    clean(ACCOUNT);
    clean(join(ACCOUNT, 'fixed'));
  }
});

test('bank-transfer under Jest: the scheduler reports the deadlock (not a Jest timeout) and rank puts Account.transfer first', { skip }, () => {
  const dir = join(RUNNER_FIXTURES.jest, 'bank-transfer');
  try {
    const buggy = conlens(['rank', dir, '--runs', '4', '--jobs', '2', '--exit-zero', '--json', '-']);
    assert.equal(buggy.status, 0, buggy.stderr);
    const report = JSON.parse(buggy.stdout) as Report & { violations?: { kind: string }[] };
    assert.ok(report.summary.violations > 0);
    assert.equal(report.positions.find((p) => p.rank === 1)?.function, 'Account.transfer');
  } finally {
    clean(dir);
  }
});

test('fuzz finds the account bug under Vitest and replay reproduces it', () => {
  const dir = join(RUNNER_FIXTURES.vitest, 'account');
  try {
    const fuzzed = conlens(['fuzz', dir, '--runs', '4', '--jobs', '2', '--json', '-']);
    const report = JSON.parse(fuzzed.stdout) as FuzzReport;
    assert.ok(report.violations > 0, fuzzed.stdout);
    const violation = report.outcomes.find((o) => o.violationFile)?.violationFile;
    assert.ok(violation);
    const replayed = conlens(['replay', violation, dir]);
    assert.match(replayed.stdout, /reproduced: the same kind of failure happened/, replayed.stdout + replayed.stderr);
    assert.match(replayed.stdout, /the schedule was identical/);
  } finally {
    clean(dir);
  }
});

test('a deadlock under Vitest is reported by the stall detector, not left to the test timeout', () => {
  const dir = join(RUNNER_FIXTURES.vitest, 'bank-transfer');
  const fuzzed = conlens(['fuzz', dir, '--runs', '2', '--jobs', '2', '--json', '-']);
  clean(dir);
  const report = JSON.parse(fuzzed.stdout) as FuzzReport;
  assert.ok((report.byKind.deadlock ?? 0) > 0, fuzzed.stdout);
});

test('rank under Vitest puts the expected fault first; the fixed variant has nothing confirmed', () => {
  const dir = join(RUNNER_FIXTURES.vitest, 'account');
  const { fault } = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { fault: string };
  const buggy = conlens(['rank', dir, '--runs', '4', '--jobs', '2', '--exit-zero', '--json', '-']);
  clean(dir);
  assert.equal(buggy.status, 0, buggy.stderr);
  const report = JSON.parse(buggy.stdout) as Report;
  const first = report.positions.filter((p) => p.rank === 1);
  assert.ok(first.some((p) => p.function === fault || p.caller === fault), JSON.stringify(report.positions.slice(0, 3)));
  const fixedDir = join(dir, 'fixed');
  const fixed = conlens(['rank', fixedDir, '--runs', '3', '--jobs', '2', '--json', '-']);
  clean(fixedDir);
  assert.equal(fixed.status, 0, fixed.stderr);
  assert.deepEqual((JSON.parse(fixed.stdout) as Report).positions.filter((p) => p.confirmed), []);
});

test('a CommonJS project with plain .js sources under Vitest: traced, and rank finds its lost update', async () => {
  const { tempProject } = await import('../helpers/temp-project.ts');
  const { symlinkSync } = await import('node:fs');
  const dir = tempProject({
    'package.json': '{ "name": "cjs-js", "private": true, "type": "commonjs" }',
    'src/counter.js': `const delay = (ms) => new Promise((r) => setTimeout(r, ms));
class Counter {
  constructor() { this.value = 0; }
  async increment() {
    const v = this.value;
    await delay(1);
    this.value = v + 1;
  }
}
module.exports = { Counter };
`,
    'test/unit/counter.test.js': "import { test, expect } from 'vitest';\nimport { Counter } from '../../src/counter.js';\ntest('one', async () => { const c = new Counter(); await c.increment(); expect(c.value).toBe(1); });\n",
    'test/integration/counter.test.js': "import { test, expect } from 'vitest';\nimport { Counter } from '../../src/counter.js';\ntest('two at once', async () => { const c = new Counter(); await Promise.all([c.increment(), c.increment()]); expect(c.value).toBe(2); });\n",
    'conlens.config.json': '{ "include": ["src/**/*.js"], "unit": { "command": "npx vitest run test/unit" }, "integration": { "command": "npx vitest run test/integration" } }',
  });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  assert.deepEqual(tracePoints(dir), ['Counter.constructor', 'Counter.increment', 'delay']);
  const ranked = conlens(['rank', dir, '--runs', '4', '--jobs', '2', '--json', '-']);
  assert.equal(ranked.status, 1, ranked.stderr);
  const report = JSON.parse(ranked.stdout) as Report;
  assert.equal(report.positions[0].function, 'Counter.increment');
  assert.equal(report.positions[0].status, 'confirmed');
});
