// Choi & Zeller's schedule isolation (active/isolate-schedule.ts) on hand-made cases: the
// preemptions of a recorded run, the differences of two schedules, the candidate schedules and
// ddmin's minimal difference — with unresolved candidates and a replay budget that runs out. A
// small simulator stands in for the test process: tasks of steps, Node's own choice the step
// parked first (FIFO), the real SystematicStrategy deciding with the candidate's preemption rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateRules, criticalPreemption, firedAt, occurrenceAt, isolateSchedule, preemptionsOf, scheduleDifferences, type CandidateOutcome, type CandidateRules, type ScheduleDifference } from '../../src/core/active/isolate-schedule.ts';
import { SystematicStrategy, type Candidate } from '../../src/core/runtime/strategies/index.ts';
import type { ExploredStep } from '../../src/core/active/explored-steps.ts';
import type { PreemptionRule } from '../../src/core/instrument/instrument-config.ts';

const P = 'test/app.test.ts';
/** A rule between steps that each run once (occurrence 0). */
const r = (run: string, before: string): PreemptionRule => ({ run, nth: 0, before, beforeNth: 0 });

/** Runs tasks of steps (`<task><n>`) under the systematic strategy with `rules`: at each decision
 *  the candidates are each task's next step in park order. */
function simulate(tasks: Record<string, number>, rules: PreemptionRule[]): { order: string[]; steps: ExploredStep[] } {
  const strategy = new SystematicStrategy([], rules);
  const next = new Map(Object.keys(tasks).map((t) => [t, 1]));
  let parked = Object.keys(tasks).map((t) => `${t}1`);
  const steps: ExploredStep[] = [];
  let seq = 0;
  while (parked.length) {
    const candidates: Candidate[] = parked.map((key) => ({ seq: seq++, key, activation: 1, site: 1, task: 1 }));
    const index = strategy.choose(candidates, steps.length + 1) ?? 0;
    const key = parked[index];
    steps.push({ key, ...(parked.length > 1 ? { candidates: [...parked] } : {}), reads: [], writes: [] });
    parked = parked.filter((k) => k !== key);
    const task = key.replace(/\d+$/, '');
    const n = next.get(task)! + 1;
    next.set(task, n);
    if (n <= tasks[task]) parked.push(`${task}${n}`);
  }
  return { order: steps.map((s) => s.key), steps };
}

const tasks = { a: 2, b: 1, c: 2, d: 1 };
/** The failure: a's act (a2) before b's write (b1) — a preemption Node's own order never makes. */
const fails = (order: string[]) => order.indexOf('a2') < order.indexOf('b1');

/** A candidate replayed: fail or pass, unresolved when it passed without a preemption it asked. */
const runner = (log: string[][]) => async (rules: CandidateRules): Promise<CandidateOutcome> => {
  const run = simulate(tasks, rules[P] ?? []);
  log.push(run.order);
  if (fails(run.order)) return 'fail';
  return (rules[P] ?? []).every((r) => firedAt(r, run.steps) !== undefined) ? 'pass' : 'unresolved';
};

test('Node\'s own order (FIFO) passes; the failing schedule\'s preemptions come back from its record', () => {
  assert.deepEqual(simulate(tasks, []).order, ['a1', 'b1', 'c1', 'd1', 'a2', 'c2']);
  const failing = simulate(tasks, [r('d1', 'a1'), r('a2', 'b1'), r('c2', 'c1')]);
  // d1 first; then at decision 2 a2 is not parked yet (a1 has not run): the a2 rule waits.
  assert.deepEqual(failing.order, ['d1', 'a1', 'a2', 'b1', 'c1', 'c2']);
  assert.ok(fails(failing.order));
  assert.deepEqual(preemptionsOf({ [P]: failing.steps }), [
    { process: P, ...r('d1', 'a1'), decision: 1 },
    { process: P, ...r('a2', 'b1'), decision: 3 },
  ]);
  // The c2 rule never fired: c2 was never ready while c1 was Node's choice.
  assert.equal(firedAt(r('c2', 'c1'), failing.steps), undefined);
  assert.equal(firedAt(r('a2', 'b1'), failing.steps), 3);
});

test('ddmin isolates the one preemption that flips the outcome, against Node\'s own order', async () => {
  const failing = simulate(tasks, [r('d1', 'a1'), r('c1', 'b1'), r('a2', 'b1')]);
  assert.ok(fails(failing.order), failing.order.join(' '));
  const differences = scheduleDifferences({ [P]: failing.steps });
  assert.equal(differences.length, 3);
  const log: string[][] = [];
  const result = await isolateSchedule(differences, [], runner(log));
  assert.deepEqual(result.minimal.map((d) => [d.side, d.preemption.run, d.preemption.before]), [['failing', 'a2', 'b1']]);
  assert.equal(result.cut, false);
  assert.equal(result.replays, log.length);
  // The minimal schedule: Node's order but a2 ahead of b1 — the rule names the two steps, so it
  // still applies although the preemptions before it are gone and the decision moved (4 → 2).
  assert.deepEqual(result.rules, { [P]: [r('a2', 'b1')] });
  assert.equal(result.minimal[0].preemption.decision, 4);
  assert.deepEqual(log.at(-1), ['a1', 'a2', 'b1', 'c1', 'd1', 'c2']);
});

test('an unresolved candidate is neither pass nor fail: ddmin goes on with finer parts', async () => {
  const differences: ScheduleDifference[] = ['p', 'q', 'r', 's'].map((run, i) => ({ side: 'failing', preemption: { process: P, ...r(run, 'x'), decision: i + 1 } }));
  // Fails whenever q is applied — but q alone, or with only r, cannot be replayed.
  const seen: string[] = [];
  const outcome = async (_: CandidateRules, applied: ScheduleDifference[]): Promise<CandidateOutcome> => {
    const runs = applied.map((d) => d.preemption.run).join('');
    seen.push(runs);
    if (runs === 'q' || runs === 'qr') return 'unresolved';
    return runs.includes('q') ? 'fail' : 'pass';
  };
  const result = await isolateSchedule(differences, [], outcome);
  // n=2: pq fails; then p passes, q unresolved; n=2 = size: stop at pq.
  assert.deepEqual(seen, ['pq', 'p', 'q']);
  assert.deepEqual(result.minimal.map((d) => d.preemption.run), ['p', 'q']);
  assert.deepEqual(result.trials.map((t) => t.outcome), ['fail', 'pass', 'unresolved']);
});

test('finer parts and complements: a failure that needs two of six differences', async () => {
  const differences: ScheduleDifference[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((run, i) => ({ side: 'failing', preemption: { process: P, ...r(run, 'x'), decision: i + 1 } }));
  const outcome = async (_: CandidateRules, applied: ScheduleDifference[]): Promise<CandidateOutcome> => {
    const runs = applied.map((d) => d.preemption.run);
    return runs.includes('b') && runs.includes('e') ? 'fail' : 'pass';
  };
  const result = await isolateSchedule(differences, [], outcome);
  assert.deepEqual(result.minimal.map((d) => d.preemption.run), ['b', 'e']);
  assert.equal(result.cut, false);
  // No candidate twice.
  assert.equal(new Set(result.trials.map((t) => t.applied.join(','))).size, result.trials.length);
});

test('the replay budget: ddmin stops, says so, and keeps the smallest failing set found', async () => {
  const differences: ScheduleDifference[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((run, i) => ({ side: 'failing', preemption: { process: P, ...r(run, 'x'), decision: i + 1 } }));
  const outcome = async (_: CandidateRules, applied: ScheduleDifference[]): Promise<CandidateOutcome> => (applied.some((d) => d.preemption.run === 'e') ? 'fail' : 'pass');
  const result = await isolateSchedule(differences, [], outcome, { budget: 2 });
  // abc passes, def fails; then the budget is spent.
  assert.equal(result.replays, 2);
  assert.equal(result.cut, true);
  assert.deepEqual(result.minimal.map((d) => d.preemption.run), ['d', 'e', 'f']);
});

test('against a passing schedule: its own preemptions are differences too, removed when applied', () => {
  const failing = simulate(tasks, [r('a2', 'b1'), r('d1', 'b1')]);
  const passing = simulate(tasks, [r('c1', 'b1'), r('d1', 'b1')]);
  assert.ok(fails(failing.order) && !fails(passing.order), `${failing.order} / ${passing.order}`);
  const differences = scheduleDifferences({ [P]: failing.steps }, { [P]: passing.steps });
  assert.deepEqual(differences.map((d) => [d.side, d.preemption.run]), [['failing', 'a2'], ['passing', 'c1']]);
  const passingPreemptions = preemptionsOf({ [P]: passing.steps });
  // Nothing applied: the passing schedule itself; everything: its d1 kept, c1 gone, a2 added.
  assert.deepEqual(candidateRules(passingPreemptions, []), { [P]: [r('c1', 'b1'), r('d1', 'b1')] });
  assert.deepEqual(candidateRules(passingPreemptions, differences)[P].map((r) => r.run).sort(), ['a2', 'd1']);
});

test('the critical preemption in the user\'s words, read off the minimal failing run\'s steps', () => {
  const step = (n: number, task: string, fn: string, line: number, event: string, a?: number, access?: 'read' | 'write') => ({ step: n, task, function: fn, file: 'src/sa.ts', line, event, ...(a !== undefined ? { a } : {}), ...(access ? { access: { op: access, obj: 3, k: 'x' } } : {}) });
  const schedule = [
    step(1, 'T2', 'SA.func1', 27, 'reads `x` (1)', 5, 'read'),
    step(2, 'T3', 'SB.run', 9, 'resumes after the await at src/sb.ts:9 (decision 1, 2 ready)', 7),
    step(3, 'T3', 'SB.func', 14, 'writes `x` (-4)', 8, 'write'),
    step(4, 'T2', 'SA.func1', 28, 'resumes after the await at src/sa.ts:28 (decision 2, 1 ready)', 5),
  ];
  const difference: ScheduleDifference = { side: 'failing', preemption: { process: P, ...r('7@3', '5@4'), decision: 3 } };
  const told = criticalPreemption(difference, { schedule, process: P }, 1);
  assert.equal(told.text, "the failure needs only this: T3 ran SB.run line 9 (SB.func writes `x` (-4)) between T2's SA.func1 line 27 (reads `x` (1)) and its resumption at src/sa.ts:28");
  assert.deepEqual(told.suspended, { task: 'T2', function: 'SA.func1', file: 'src/sa.ts', line: 28 });
  // Another process's preemption, or one not seen in the run: its keys, no function.
  assert.equal(criticalPreemption(difference, { schedule, process: 'other.test.ts' }, 1).suspended, undefined);
  // The passing run's preemption left out: Node's own choice ran, the other waited — told alike.
  const passing: ScheduleDifference = { side: 'passing', preemption: { process: P, ...r('5@4', '7@3'), decision: 2 } };
  assert.equal(criticalPreemption(passing, { schedule, process: P }, 1).text, told.text);
  assert.match(criticalPreemption(passing, { schedule, process: P }, undefined).text, /^Node's own order: 7@3 ran ahead of 5@4, which the passing run ran first/);
});

test('the function whose region the step split: the nearest call of the waiting task\'s check and its resumption', () => {
  const frames = { 4: { function: 'Account.copyFrom', parent: null }, 5: { function: 'Account.getChk', parent: 4 }, 6: { function: 'Account.setEqChk', parent: 4 }, 9: { function: 'Other.run', parent: null } };
  const schedule = [
    { step: 1, task: 'T4', function: 'Account.getChk', file: 'src/account.ts', line: 61, event: 'reads `checking` (100)', a: 5, access: { op: 'read' as const, obj: 2, k: 'checking' } },
    { step: 2, task: 'T5', function: 'Other.run', file: 'src/other.ts', line: 3, event: 'resumes after the await at src/other.ts:3 (decision 1, 2 ready)', a: 9 },
    { step: 3, task: 'T5', function: 'Other.run', file: 'src/other.ts', line: 4, event: 'writes `checking` (0)', a: 9, access: { op: 'write' as const, obj: 2, k: 'checking' } },
    { step: 4, task: 'T4', function: 'Account.setEqChk', file: 'src/account.ts', line: 48, event: 'resumes after the await at src/account.ts:48 (decision 2, 1 ready)', a: 6 },
  ];
  const difference: ScheduleDifference = { side: 'failing', preemption: { process: P, ...r('9@3', '6@48'), decision: 1 } };
  const told = criticalPreemption(difference, { schedule, process: P, frames }, 1);
  assert.deepEqual(told.suspended, { task: 'T4', function: 'Account.copyFrom', file: 'src/account.ts', line: 48 });
  assert.equal(told.text, "the failure needs only this: T5 ran Other.run line 3 (writes `checking` (0)) between T4's Account.getChk line 61 (reads `checking` (100)) and its resumption at src/account.ts:48");
});

test('a callback that waited (`c<registration>.<firing>@<site>`) is found by its own decision', () => {
  const schedule = [
    { step: 1, task: 'T2', function: 'Store.save', file: 'src/store.ts', line: 10, event: 'reads `draft` (undefined)', a: 5, access: { op: 'read' as const, obj: 2, k: 'draft' } },
    { step: 2, task: 'T3', function: 'Store.save', file: 'src/store.ts', line: 9, event: 'resumes after the await at src/store.ts:9 (decision 1, 2 ready)', a: 6 },
    { step: 3, task: 'T3', function: 'Store.save', file: 'src/store.ts', line: 12, event: 'writes `draft` (1)', a: 6, access: { op: 'write' as const, obj: 2, k: 'draft' } },
    { step: 4, task: 'T2', function: 'Store.save', file: 'src/store.ts', line: 11, event: 'runs the fs.stat callback registered at src/store.ts:11 (decision 2, 1 ready)', a: 5 },
  ];
  const difference: ScheduleDifference = { side: 'failing', preemption: { process: P, ...r('6@9', 'c3.0@11'), decision: 1 } };
  assert.equal(occurrenceAt('c3.0@11', 0, [{ key: '6@9', candidates: ['c3.0@11', '6@9'], reads: [], writes: [] }, { key: 'c3.0@11', reads: [], writes: [] }]), 2);
  const told = criticalPreemption(difference, { schedule, process: P }, 1, 2);
  assert.deepEqual(told.suspended, { task: 'T2', function: 'Store.save', file: 'src/store.ts', line: 11 });
  assert.match(told.text, /between T2's Store\.save line 10 \(reads `draft` \(undefined\)\) and its resumption at src\/store\.ts:11$/);
});
