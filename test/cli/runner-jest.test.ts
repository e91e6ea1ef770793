// Issue 15, Jest half, end to end: the fixtures in test/runners/jest/ (the examples' own src,
// their tests rewritten for Jest + ts-jest) traced, fuzzed and ranked through the configured
// `npx jest …` commands, which conlens starts through dist/jest-run.cjs. The program points must
// be the node:test example's (same names, same original lines); the bug must be found and ranked
// first; the fixed variant must be clean.
// Jest is resolved from the fixture (as conlens does for a user's project); when it is not
// installed the tests are skipped with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';

const FIXTURES = join(REPO, 'test', 'runners', 'jest');
const ACCOUNT = join(FIXTURES, 'account');

function jestMissing(): string | false {
  try {
    createRequire(join(ACCOUNT, 'package.json')).resolve('jest/bin/jest');
    createRequire(join(ACCOUNT, 'package.json')).resolve('ts-jest');
    return false;
  } catch {
    return 'jest and ts-jest are not installed (devDependencies)';
  }
}
const skip = jestMissing();

interface Report { positions: { rank: number; function: string; confirmed: boolean }[]; summary: { violations: number } }

function clean(dir: string): void {
  rmSync(join(dir, '.conlens'), { recursive: true, force: true });
}

/** fn lines of every trace of the run `conlens trace` just wrote in `dir`. */
function functionsTraced(dir: string): string[] {
  const runs = join(dir, '.conlens', 'runs');
  const names = new Set<string>();
  for (const run of readdirSync(runs)) {
    for (const file of readdirSync(join(runs, run)).filter((f) => f.startsWith('trace-'))) {
      for (const line of readFileSync(join(runs, run, file), 'utf8').split('\n')) {
        if (!line.includes('"e":"fn"')) continue;
        const fn = JSON.parse(line) as { name: string; file: string; line: number };
        names.add(`${fn.name} ${fn.file}:${fn.line}`);
      }
    }
  }
  return [...names].sort();
}

test('account under Jest: conlens trace records the node:test example\'s program points, at the same lines', { skip }, () => {
  const example = join(REPO, 'examples', 'account');
  clean(ACCOUNT);
  clean(example);
  try {
    const jest = conlens(['trace', ACCOUNT, '--tests', 'unit']);
    assert.equal(jest.status, 0, jest.stderr + jest.stdout);
    assert.match(jest.stdout, /jest-run\.cjs test\/unit/);
    assert.match(jest.stdout, /1 trace file\(s\), 5 program points/);
    const node = conlens(['trace', example, '--tests', 'unit']);
    assert.equal(node.status, 0, node.stderr);
    assert.deepEqual(functionsTraced(ACCOUNT), functionsTraced(example));
  } finally {
    clean(ACCOUNT);
    clean(example);
  }
});

test('account under Jest: conlens fuzz finds the check-then-act bug, and replay reproduces its schedule', { skip }, () => {
  try {
    const fuzz = conlens(['fuzz', ACCOUNT, '--runs', '6', '--jobs', '2']);
    assert.notEqual(fuzz.status, 0);
    assert.match(fuzz.stdout, /detection rate: [1-6]\/6/);
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
  const dir = join(FIXTURES, 'bank-transfer');
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
