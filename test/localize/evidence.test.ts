// Issue 14: violations are first-class evidence. Every function a violation implicates is a
// position, with or without failure invariants, in tiers: the region owner, the conflicting
// writer, the others the violation implicates, then drift; S_rate orders within a tier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localize } from '../../src/core/localize/index.ts';
import { formatReport } from '../../src/core/report/format-report.ts';
import type { Report } from '../../src/core/report/report-types.ts';
import { fi, graph, run } from './fixtures.ts';

const analysis = graph(['(test)'], ['(test) -> Dirs.ensure', 'Dirs.ensure -> Dirs.exists', '(test) -> Dirs.clean', '(test) -> Log.write', 'Dirs.clean -> Dirs.exists']);
const orders = [run({ '(test)': [0], 'Dirs.ensure': [1, 3], 'Dirs.exists': [2, 4], 'Dirs.clean': [5], 'Log.write': [6] })];

test('a failing run with zero failure invariants (state outside objects) still yields ranked positions', () => {
  const result = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure'], regionOwners: ['Dirs.ensure'] });
  assert.deepEqual(result.positions.map((p) => [p.rank, p.function, p.kind, p.evidence, p.confirmed]), [
    [1, 'Dirs.ensure', 'violation', 'region owner', true],
    [2, 'Dirs.exists', 'violation', 'implicated', true],
  ]);
  assert.match(result.positions[0].reason, /owns the atomic region a real violation interrupted/);
});

test('equal S_rate across tiers: the reasons name the tier that decided, never a tie rule it overrode', () => {
  // ensure: depth 1 / order 1; exists: depth 2 / order 2 — equal S_rate, exists deeper.
  const result = localize({ failureInvariants: [], analysis, callOrders: [run({ '(test)': [0], 'Dirs.ensure': [1], 'Dirs.exists': [2] })], confirmed: ['Dirs.exists', 'Dirs.ensure'], regionOwners: ['Dirs.ensure'] });
  const [owner, implicated] = result.positions;
  assert.deepEqual([owner.function, implicated.function], ['Dirs.ensure', 'Dirs.exists']);
  assert.equal(owner.score, implicated.score);
  assert.match(owner.reason, /above Dirs\.exists on equal S_rate: stronger evidence \(region owner vs implicated\)/);
  assert.doesNotMatch(owner.reason, /below Dirs\.exists/);
  assert.match(implicated.reason, /below Dirs\.ensure on equal S_rate: stronger evidence for Dirs\.ensure \(region owner vs implicated\)/);
});

test('tiers: region owner, conflicting writer, other implicated, then drift — whatever the S_rate', () => {
  // Log.write drifts with S_rate 1 (depth 1, order 1), above Dirs.clean's 1/5.
  const drift = [fi('Log.write:::EXIT', 'this.n == orig(this.n) + 1', null)];
  const result = localize({
    failureInvariants: drift,
    analysis,
    callOrders: [run({ '(test)': [0], 'Log.write': [1], 'Dirs.ensure': [2, 3], 'Dirs.exists': [4], 'Dirs.clean': [5] })],
    confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'],
    regionOwners: ['Dirs.ensure'],
    conflictingWriters: ['Dirs.clean'],
  });
  assert.deepEqual(result.positions.map((p) => [p.function, p.evidence]), [
    ['Dirs.ensure', 'region owner'],
    ['Dirs.clean', 'conflicting writer'],
    ['Dirs.exists', 'implicated'],
    ['Log.write', 'drift'],
  ]);
  assert.deepEqual(result.positions.map((p) => p.rank), [1, 2, 3, 4]);
});

test('no "likely deadlock" for a function that threw in a failing run', () => {
  const failing = [fi('Dirs.exists:::ENTER', 'p != null', null)];
  const plain = localize({ failureInvariants: failing, analysis, callOrders: orders });
  const deadlock = plain.positions.find((p) => p.function === 'Dirs.exists');
  assert.ok(deadlock?.likelyDeadlock && /likely deadlock/.test(deadlock.reason), deadlock?.reason);
  const threw = localize({ failureInvariants: failing, analysis, callOrders: orders, threw: ['Dirs.exists'] }).positions.find((p) => p.function === 'Dirs.exists')!;
  assert.equal(threw.likelyDeadlock, undefined);
  assert.doesNotMatch(threw.reason, /likely deadlock/);
  assert.match(threw.reason, /it threw in a failing run/);
});

test('no "likely deadlock" when no run deadlocked or hung, whether runs failed or all passed (a fixed variant)', () => {
  const failing = [fi('Dirs.exists:::ENTER', 'p != null', null)];
  const calm = localize({ failureInvariants: failing, analysis, callOrders: orders, noRunStalled: true }).positions.find((p) => p.function === 'Dirs.exists')!;
  assert.equal(calm.likelyDeadlock, undefined);
  assert.doesNotMatch(calm.reason, /— likely deadlock/);
  assert.match(calm.reason, /no run deadlocked or hung, so this is drift at its ENTER/);
});

test('a lock leaked by a function that threw holding it: that function is the region owner, and its reason says so', () => {
  const result = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists'], regionOwners: ['Dirs.ensure'], leakedLocks: { 'Dirs.ensure': 'lock #2, acquired at dirs.ts:3 and never released: it threw Error: x in `Dirs.exists` (declared at dirs.ts:9) while holding it' } });
  const [first] = result.positions;
  assert.deepEqual([first.function, first.evidence], ['Dirs.ensure', 'region owner']);
  assert.match(first.reason, /in a real violation it kept lock #2, acquired at dirs\.ts:3 and never released: it threw Error: x in `Dirs\.exists` \(declared at dirs\.ts:9\) while holding it, and another task waited for it until the run hung/);
  assert.match(first.reason, /it held a lock it never released, which another task waited for in a real violation: first tier/);
  assert.doesNotMatch(first.reason, /check and act/);
});

test('the text report never says "No suspicious position" when a run failed; each violation leads with its story', () => {
  const base: Report = {
    version: 1, project: '/p', runs: 4, strategy: 'random', seed: 1, root: '(test)', positions: [], violations: [], warnings: [],
    summary: { referenceInvariants: 3, onlineInvariants: 3, failureInvariants: 0, violations: 0, detectionRate: 0, unreached: [] },
  };
  assert.match(formatReport(base), /^No suspicious function: no run failed, and the integration runs kept every invariant of the unit runs\.$/m);
  assert.match(formatReport(base, { explain: true }), /^No suspicious function: no run failed/m);
  const story = 'T1 read file `/tmp/x` (false) at dirs.ts:4 and awaited at dirs.ts:4; meanwhile T2 wrote file `/tmp/x` at dirs.ts:5; T1 then wrote file `/tmp/x` at dirs.ts:5 from its stale read — the check and the act of `Dirs.ensure` are not atomic (lost update, 001 Table 1 pattern 1: R-W-W).';
  const failed: Report = {
    ...base,
    summary: { ...base.summary, violations: 3, detectionRate: 0.75 },
    violations: [{ kind: 'exception', message: 'Error: EEXIST', strategy: 'random', seed: 2, implicated: ['Dirs.ensure'], trace: [], story }],
  };
  const explained = formatReport(failed, { explain: true });
  for (const text of [explained, formatReport(failed)]) {
    assert.doesNotMatch(text, /No suspicious position|No suspicious function:/);
    assert.match(text, /No suspicious function on the call graph, but 3 of 4 runs failed/);
  }
  const block = explained.slice(explained.indexOf('Violation: exception'));
  assert.ok(block.indexOf('T1 read file') < block.indexOf('details: strategy random, seed 2'), block);
  assert.match(block, /\(lost update, 001 Table 1 pattern 1: R-W-W\)/);
  // By default the story without the paper's citation, then how to replay it.
  const plain = formatReport(failed);
  assert.match(plain.slice(plain.indexOf('Failure: exception')), /are not atomic \(lost update\)\.\n  replay: conlens replay --strategy random --seed 2\n/);
  assert.doesNotMatch(plain, /001|Table 1|R-W-W/);
});

test('schedule isolation (Choi & Zeller): the function the critical preemption suspended ranks first, above the region owner', () => {
  const text = 'the failure needs only this: T2 ran Dirs.clean line 7 (writes `dir`) between T1\'s Dirs.ensure line 3 (reads `dir`) and its resumption at dirs.ts:4';
  const result = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.clean'], interrupted: ['Dirs.ensure'], isolated: { function: 'Dirs.ensure', text } });
  assert.deepEqual(result.positions.map((p) => [p.rank, p.function, !!p.isolated]), [
    [1, 'Dirs.ensure', true],
    [2, 'Dirs.clean', false],
    [3, 'Dirs.exists', false],
  ]);
  assert.ok(result.positions[0].reason.startsWith(`schedule isolation (Choi & Zeller) — ${text}: the critical preemption suspended it`), result.positions[0].reason);
  // Without it, the region owner is first again.
  const without = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.clean'], interrupted: ['Dirs.ensure'] });
  assert.equal(without.positions[0].function, 'Dirs.clean');
  // A suspended function that owns no racing access lifts nothing: Log.write calls no owner.
  const mere = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean', 'Log.write'], regionOwners: ['Dirs.clean'], isolated: { function: 'Log.write', text } });
  assert.deepEqual(mere.positions.filter((p) => p.isolated), []);
  assert.equal(mere.positions[0].function, 'Dirs.clean');
});

test('schedule isolation inside a larger region: a region owner that calls the suspended function ranks first instead; a suspended caller hands the place to the owner it calls', () => {
  // Dirs.ensure calls Dirs.exists and owns the split region: the preemption suspended exists
  // inside ensure's region (an atomic set across two calls), so ensure is the one lifted.
  const result = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.ensure'], conflictingWriters: ['Dirs.clean'], isolated: { function: 'Dirs.exists', text: 'the failure needs only this: …' } });
  assert.deepEqual(result.positions.map((p) => [p.rank, p.function, !!p.isolated]).slice(0, 2), [[1, 'Dirs.ensure', true], [2, 'Dirs.clean', false]]);
  // Suspended in Dirs.clean, which owns nothing racing but calls Dirs.exists, the region owner.
  const caller = localize({ failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.exists'], isolated: { function: 'Dirs.clean', text: 'the failure needs only this: …' } });
  assert.deepEqual(caller.positions.filter((p) => p.isolated).map((p) => [p.rank, p.function]), [[1, 'Dirs.exists']]);
});

test('schedule isolation combined with schedule evidence: a stronger access pattern of failing runs stays above the isolated function', () => {
  const evidence = (suspiciousness: number) => ({ suspiciousness, strength: 1, failed: 4, passed: 1, failedRuns: 4, passedRuns: 4, pattern: { kind: 'pair' as const, ops: 'WR', variable: 'dir', accesses: [] }, text: 'in 4 of 4 failing runs' });
  const input = { failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.clean'], interrupted: ['Dirs.ensure'] };
  const stronger = localize({ ...input, scheduleEvidence: [{ function: 'Dirs.exists', schedule: evidence(1) }, { function: 'Dirs.ensure', schedule: evidence(0.6) }], isolated: { function: 'Dirs.ensure', text: 'the failure needs only this: …' } });
  assert.deepEqual(stronger.positions.slice(0, 2).map((p) => [p.rank, p.function, !!p.isolated]), [[1, 'Dirs.exists', false], [2, 'Dirs.ensure', true]]);
  // Equal schedule evidence (every pattern 1 when no run passed): isolation decides.
  const equal = localize({ ...input, scheduleEvidence: [{ function: 'Dirs.exists', schedule: evidence(1) }, { function: 'Dirs.ensure', schedule: evidence(1) }], isolated: { function: 'Dirs.ensure', text: 'the failure needs only this: …' } });
  assert.deepEqual(equal.positions.slice(0, 2).map((p) => [p.rank, p.function]), [[1, 'Dirs.ensure'], [2, 'Dirs.exists']]);
});

test('a region owner whose split only failing runs show ranks above a higher score; one a passing run shows too does not (stop 53)', () => {
  const evidence = (failed: number, passed: number) => ({ suspiciousness: failed / Math.sqrt(30 * (failed + passed)), strength: 1, failed, passed, failedRuns: 30, passedRuns: 30, pattern: { kind: 'pair' as const, ops: 'RW', variable: 'dir', accesses: [] }, text: `in ${failed} of 30 failing runs` });
  const input = { failureInvariants: [], analysis, callOrders: orders, confirmed: ['Dirs.exists', 'Dirs.ensure', 'Dirs.clean'], regionOwners: ['Dirs.exists'] };
  // file-appender's shape: the owner's split in 21 of 30 failing runs and no passing one (0.84),
  // the way to it in all 30 (1.0).
  const only = localize({ ...input, scheduleEvidence: [{ function: 'Dirs.exists', schedule: evidence(21, 0) }, { function: 'Dirs.ensure', schedule: evidence(30, 0) }] });
  assert.deepEqual(only.positions.slice(0, 2).map((p) => [p.rank, p.function]), [[1, 'Dirs.exists'], [2, 'Dirs.ensure']]);
  assert.match(only.positions[0].reason, /above Dirs\.ensure: this one owns the atomic region a real violation split, and no passing run showed its pattern \(suspiciousness 0\.84, RW pair, 21 failing runs vs suspiciousness 1\.00, RW pair, 30 failing runs\)/);
  assert.match(only.positions[1].reason, /below Dirs\.exists: Dirs\.exists owns the atomic region a real violation split/);
  // A passing run showed the owner's pattern once: the scores decide (0.82 against 0.94).
  const shown = localize({ ...input, scheduleEvidence: [{ function: 'Dirs.exists', schedule: evidence(21, 1) }, { function: 'Dirs.ensure', schedule: evidence(30, 4) }] });
  assert.deepEqual(shown.positions.slice(0, 2).map((p) => [p.rank, p.function]), [[1, 'Dirs.ensure'], [2, 'Dirs.exists']]);
  // Not a region owner (implicated only): the scores decide.
  const implicated = localize({ ...input, regionOwners: [], scheduleEvidence: [{ function: 'Dirs.exists', schedule: evidence(21, 0) }, { function: 'Dirs.ensure', schedule: evidence(30, 0) }] });
  assert.equal(implicated.positions[0].function, 'Dirs.ensure');
});
