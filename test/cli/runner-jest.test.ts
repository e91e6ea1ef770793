// Issue 15, Jest half, end to end: the fixtures in test/runners/jest/ (the examples' own src,
// their tests rewritten for Jest + ts-jest) traced, fuzzed and ranked through the configured
// `npx jest …` commands, which conlens starts through dist/jest-run.cjs. The program points must
// be the node:test example's (same names, same original lines). Fuzz, replay, rank and the
// deadlock under Jest: the slow tier (test/slow/runner-cli.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { clean, jestMissing, RUNNER_FIXTURES, runEntryTraced, withToolTestInConlens, type FuzzReport } from '../helpers/runner-fixtures.ts';
import { exampleCopy } from '../helpers/example-copy.ts';

const ACCOUNT = join(RUNNER_FIXTURES.jest, 'account');

const skip = jestMissing();

/** fn lines (or, with `kind` 'test', test-case events) of every trace of the run `conlens trace`
 *  just wrote in `dir`. */
function functionsTraced(dir: string, kind: 'fn' | 'test' = 'fn'): string[] {
  const runs = join(dir, '.conlens', 'runs');
  const names = new Set<string>();
  for (const run of readdirSync(runs)) {
    for (const file of readdirSync(join(runs, run)).filter((f) => f.startsWith('trace-'))) {
      for (const line of readFileSync(join(runs, run, file), 'utf8').split('\n')) {
        if (kind === 'test' && line.includes('"e":"test"')) {
          const t = JSON.parse(line) as { k: string; name: string; ok?: boolean };
          names.add(`${t.k} ${t.name}${t.ok === undefined ? '' : ` ok=${t.ok}`}`);
        }
        if (kind !== 'fn' || !line.includes('"e":"fn"')) continue;
        const fn = JSON.parse(line) as { name: string; file: string; line: number };
        names.add(`${fn.name} ${fn.file}:${fn.line}`);
      }
    }
  }
  return [...names].sort();
}

/** The test cases begun in the run `conlens trace` just wrote in `dir`: name and line. */
function testBegins(dir: string): { name: string; line?: number }[] {
  const runs = join(dir, '.conlens', 'runs');
  return readdirSync(runs).flatMap((run) => readdirSync(join(runs, run)).filter((f) => f.startsWith('trace-')).flatMap((f) => readFileSync(join(runs, run, f), 'utf8').split('\n')))
    .filter((line) => line.includes('"e":"test","k":"begin"')).map((line) => JSON.parse(line) as { name: string; line?: number });
}

test('account under Jest: conlens trace records the node:test example\'s program points, at the same lines', { skip }, () => {
  // A private copy: other files run commands on examples/account at the same time.
  const example = exampleCopy('account');
  clean(ACCOUNT);
  try {
    const jest = conlens(['trace', ACCOUNT, '--tests', 'unit']);
    assert.equal(jest.status, 0, jest.stderr + jest.stdout);
    assert.match(jest.stdout, /jest-run\.cjs test\/unit/);
    assert.match(jest.stdout, /1 trace file\(s\), 5 program points/);
    const node = conlens(['trace', example, '--tests', 'unit']);
    assert.equal(node.status, 0, node.stderr);
    assert.deepEqual(functionsTraced(ACCOUNT), functionsTraced(example));
    // Issue 31: the same test cases, begun and ended (passed), under both runners.
    const tests = functionsTraced(ACCOUNT, 'test');
    assert.equal(tests.length, 12, tests.join('\n'));
    assert.ok(tests.includes('end withdraw takes the amount off the balance ok=true'), tests.join('\n'));
    assert.deepEqual(tests, functionsTraced(example, 'test'));
    // Jest says where each test is (the stack jest-circus keeps of the test() call, source-mapped):
    // the line its title is written on.
    const source = readFileSync(join(ACCOUNT, 'test', 'unit', 'account.test.ts'), 'utf8').split('\n');
    const begun = testBegins(ACCOUNT);
    assert.equal(begun.length, 6);
    for (const t of begun) assert.ok(t.line && source[t.line - 1].includes(`'${t.name}'`), `${t.name} at line ${t.line}`);
  } finally {
    clean(ACCOUNT);
    rmSync(example, { recursive: true, force: true });
  }
});

test("tests conlens left in .conlens/ stay out of a traced run of the user's plain `jest`", { skip }, () => {
  // No `roots`: Jest's default discovery, which crawls dot-folders; the user's own ignore pattern kept.
  const config = "module.exports = { testEnvironment: 'node', testPathIgnorePatterns: ['/node_modules/', '/fixed/'], transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] } };\n";
  const dir = withToolTestInConlens(ACCOUNT, 'npx jest', ['jest.config.cjs', config]);
  try {
    const traced = conlens(['trace', dir, '--tests', 'unit']);
    assert.equal(traced.status, 0, traced.stdout + traced.stderr);
    assert.doesNotMatch(traced.stdout + traced.stderr, /left-behind|fixed\/test/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a command that names tests conlens wrote in .conlens/ runs them even when the config\'s roots leave .conlens/ out (rank\'s synthesized suite)', { skip }, () => {
  // The fixture's jest.config.cjs has roots: ['<rootDir>/test'].
  const dir = withToolTestInConlens(ACCOUNT, 'npx jest --runTestsByPath .conlens/synth/synth-01-left-behind.test.ts');
  try {
    const { status, output } = runEntryTraced(dir, 'jest-run.cjs', ['--runTestsByPath', '.conlens/synth/synth-01-left-behind.test.ts']);
    assert.doesNotMatch(output, /No tests found/);
    assert.match(output, /a synthesized test that fails/);
    assert.equal(status, 1, 'the named test fails by design');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// fahunt2 FA3 under Jest: a Jest test file's vm context has a Date of its own. Its clock reads
// went unwatched, so a 12 ms Date.now busy wait between a 5 ms and a 1 ms timer took no time on
// the timers' clock and the scheduler fired the 1 ms timer first: a failure no Node run shows.
test('under Jest, a clock-reading busy wait (Date.now, new Date()) between two timers keeps Node\'s timer order in every scheduled run', { skip }, () => {
  const dir = join(RUNNER_FIXTURES.jest, 'clock-read');
  clean(dir);
  try {
    const plain = conlens(['check', dir, '--runs', '1']);
    assert.equal(plain.status, 0, plain.stdout + plain.stderr);
    const fuzzed = conlens(['fuzz', dir, '--strategy', 'random', '--runs', '3', '--jobs', '2', '--json', '-']);
    const report = JSON.parse(fuzzed.stdout) as FuzzReport;
    assert.equal(report.outcomes.length, 3);
    assert.equal(report.violations, 0, fuzzed.stdout);
    assert.equal(fuzzed.status, 0, fuzzed.stderr);
  } finally {
    clean(dir);
  }
});
