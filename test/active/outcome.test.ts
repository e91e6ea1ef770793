// Issue 29: what a rank or fuzz may say (active/outcome.ts) — not-checked before a finding when
// nothing of the program ran, a finding before "no concurrent work" — and how a test runner says
// it executed no test (runner/test-count.ts), in each runner's own summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coverageOf, verdictOf, type Coverage } from '../../src/core/active/outcome.ts';
import { noTestsRan } from '../../src/core/runner/test-count.ts';

test('each runner\'s summary of a run that executed no test, in its words; a summary with a test run is none', () => {
  // node:test, TAP (not a terminal) and spec; a file with no test counts as one passing test there.
  assert.equal(noTestsRan('1..1\n# tests 1\n# suites 0\n# pass 0\n# fail 0\n# cancelled 0\n# skipped 1\n# todo 0\n'), 'node:test: pass 0, fail 0, skipped 1');
  assert.equal(noTestsRan('ℹ tests 1\nℹ pass 0\nℹ fail 0\nℹ cancelled 0\nℹ skipped 1\n'), 'node:test: pass 0, fail 0, skipped 1');
  assert.equal(noTestsRan('# tests 2\n# pass 1\n# fail 0\n# skipped 1\n'), undefined);
  assert.equal(noTestsRan('# tests 1\n# pass 0\n# fail 1\n'), undefined);
  // node:test given a file that does not exist runs none and prints no summary (a path typo).
  assert.equal(noTestsRan("Could not find '/p/test/integraton/a.test.ts'\n"), 'node:test: could not find /p/test/integraton/a.test.ts');
  // Mocha.
  assert.equal(noTestsRan('\n  0 passing (6ms)\n  1 pending\n'), 'mocha: 0 passing, 1 pending');
  assert.equal(noTestsRan('\n  0 passing (6ms)\n  1 failing\n'), undefined);
  assert.equal(noTestsRan('\n  1 passing (3ms)\n'), undefined);
  // Jest: none found (it exits 1 for it), or every test filtered out or skipped.
  assert.equal(noTestsRan('No tests found, exiting with code 1\nRun with `--passWithNoTests` to exit with code 0\n'), 'No tests found, exiting with code 1');
  assert.equal(noTestsRan('Test Suites: 1 skipped, 0 of 1 total\nTests:       6 skipped, 6 total\nSnapshots:   0 total\n'), 'Tests: 6 skipped, 6 total');
  assert.equal(noTestsRan('Test Suites: 1 passed, 1 total\nTests:       6 passed, 6 total\n'), undefined);
  assert.equal(noTestsRan('Tests:       1 failed, 5 passed, 6 total\n'), undefined);
  // Vitest, with its colours.
  assert.equal(noTestsRan('\x1b[31mNo test files found, exiting with code 1\x1b[39m\n'), 'No test files found, exiting with code 1');
  assert.equal(noTestsRan(' Test Files  1 skipped (1)\n      Tests  6 skipped (6)\n   Start at  16:46:34\n'), 'Tests: 6 skipped (6)');
  assert.equal(noTestsRan(' Test Files  1 passed (1)\n      Tests  1 failed | 5 passed (6)\n'), undefined);
  // Anything else: no claim.
  assert.equal(noTestsRan('some output\n'), undefined);
});

const scope = { what: 'the code under "include" (src/**)', tests: 'the integration tests (node --test t.ts)' };
const ran: Coverage = { runs: 4, processes: 4, concurrentProcesses: 4, runsWithoutTests: 0, violations: 0 };

test('verdict: checked, a finding, or not checked with what, why and what to do — in that order of evidence', () => {
  assert.deepEqual(verdictOf(ran, scope), { outcome: 'checked' });
  assert.deepEqual(verdictOf({ ...ran, violations: 1, failure: 'boom' }, scope), { outcome: 'finding' });
  const none = verdictOf({ ...ran, runs: 0, processes: 0, concurrentProcesses: 0 }, scope);
  assert.equal(none.outcome, 'not-checked');
  assert.equal(none.notChecked?.why, 'no integration run ran');
  // Runs that called none of the code failed for another reason: not a finding.
  const failedEarly = verdictOf({ ...ran, processes: 0, concurrentProcesses: 0, violations: 4, failure: 'SyntaxError: x' }, scope);
  assert.deepEqual(failedEarly.notChecked, { what: scope.what, why: 'the integration tests (node --test t.ts) called none of it in 4 integration runs (4 runs failed: SyntaxError: x)', todo: 'make the integration command run tests that call it (conlens check shows the command\'s output; conlens config shows "include")' });
  assert.match(verdictOf({ ...ran, processes: 0, concurrentProcesses: 0, runsWithoutTests: 4, noTests: 'No tests found', violations: 4 }, scope).notChecked!.why, /\(the test runner said "No tests found"\)$/);
  // Every run killed over its budget before it called anything (trial 16): said as such.
  const killed = verdictOf({ ...ran, processes: 0, concurrentProcesses: 0, violations: 4, failure: 'the test command did not finish within its time budget and was killed' }, scope);
  assert.equal(killed.notChecked?.why, 'every one of the 4 integration runs was killed over its time budget ("timeoutMs") before the integration tests (node --test t.ts) called any of it');
  assert.match(killed.notChecked!.todo, /conlens check/);
  assert.match(verdictOf({ ...ran, runsWithoutTests: 4, noTests: 'mocha: 0 passing' }, scope).notChecked!.why, /^the test runner executed no test in any of the 4 integration runs \(it said "mocha: 0 passing"\)$/);
  // Some runs executed tests: they checked.
  assert.equal(verdictOf({ ...ran, runsWithoutTests: 3, noTests: 'mocha: 0 passing' }, scope).outcome, 'checked');
  // No concurrent work: not checked — unless a run failed, which is still a finding.
  const serial = verdictOf({ ...ran, concurrentProcesses: 0 }, scope);
  assert.equal(serial.outcome, 'not-checked');
  assert.match(serial.notChecked!.why, /^the integration tests ran no concurrent work: in 4 integration runs \(4 test processes\)/);
  assert.match(serial.notChecked!.todo, /Promise\.all/);
  assert.equal(verdictOf({ ...ran, concurrentProcesses: 0, violations: 1 }, scope).outcome, 'finding');
});

test('coverage sums the runs; runs that do not say what they exercised (older shards) give none', () => {
  const checked = (processes: number, concurrentProcesses: number, noTests?: string) => ({ processes, concurrentProcesses, ...(noTests ? { noTests } : {}) });
  assert.deepEqual(coverageOf([
    { outcome: 'pass', checked: checked(2, 1) },
    { outcome: 'failed assertion', message: 'expected 3', checked: checked(2, 0, 'x') },
  ]), { runs: 2, processes: 4, concurrentProcesses: 1, runsWithoutTests: 1, noTests: 'x', violations: 1, failure: 'expected 3' });
  assert.equal(coverageOf([{ outcome: 'pass', checked: checked(1, 1) }, { outcome: 'pass' }]), undefined);
  assert.equal(coverageOf([])?.runs, 0);
});

test('runs that ran out of time while still working: all of them is not checked, some of them still checked', () => {
  const scope = { what: 'the code under "include" (src/**)', tests: 'the integration tests (npx vitest run)' };
  const slow = { outcome: 'pass', checked: { processes: 1, concurrentProcesses: 1 }, inconclusive: 'the test runner\'s time limit ("Test timed out in 5000ms") ran out in "x" while the program was still working, slower under the scheduler than plainly' };
  const all = verdictOf(coverageOf([slow, slow])!, scope);
  assert.equal(all.outcome, 'not-checked');
  assert.match(all.notChecked!.why, /^every one of the 2 integration runs ran out of time before the tests ended: the test runner's time limit/);
  assert.match(all.notChecked!.todo, /^raise the time limit that ran out/);
  const some = coverageOf([slow, { outcome: 'pass', checked: { processes: 1, concurrentProcesses: 1 } }])!;
  assert.equal(some.inconclusive, 1);
  assert.equal(verdictOf(some, scope).outcome, 'checked');
});
