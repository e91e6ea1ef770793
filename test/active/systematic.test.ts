// The systematic strategy's search (active/systematic.ts) on hand-made decision trees: which
// schedules each preemption bound explores, what the reduction leaves out, and the bounded
// guarantee it states. A small simulator stands in for the test process: tasks of steps, each
// step touching locations; Node's own choice is the step parked first (FIFO), as in the scheduler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { branches, mergeSummaries, movesAcrossDependent, searchSchedules, searchShare, statementOf, type Schedule } from '../../src/core/active/systematic.ts';
import { SystematicStrategy } from '../../src/core/runtime/strategies/index.ts';
import { accessOf, dependent, queuedBy, stepOf, type ExploredStep } from '../../src/core/active/explored-steps.ts';
import { scheduleName } from '../../src/core/active/violation.ts';

type Step = { reads?: string[]; writes?: string[] };

/** Runs a schedule on tasks of steps (keys `<task><n>`, e.g. a1, a2): at each decision the
 *  candidates are each task's next step in park order (a task's next step parks when its step
 *  ran); the prefix forces choices, then candidate 0. */
function simulate(tasks: Record<string, Step[]>, prefix: readonly string[], fail?: (order: string[]) => boolean): { order: string[]; steps: ExploredStep[]; failed: boolean } {
  const next = new Map(Object.keys(tasks).map((t) => [t, 0]));
  let parked = Object.keys(tasks).map((t) => `${t}1`);
  const steps: ExploredStep[] = [];
  while (parked.length) {
    const forced = prefix[steps.length];
    const index = forced !== undefined && parked.includes(forced) ? parked.indexOf(forced) : 0;
    const key = parked[index];
    const task = key.replace(/\d+$/, '');
    const n = next.get(task)!;
    const step = tasks[task][n];
    steps.push({ key, ...(parked.length > 1 ? { candidates: [...parked] } : {}), reads: step.reads ?? [], writes: step.writes ?? [] });
    parked = parked.filter((k) => k !== key);
    next.set(task, n + 1);
    if (n + 1 < tasks[task].length) parked.push(`${task}${n + 2}`);
  }
  const order = steps.map((s) => s.key);
  return { order, steps, failed: fail?.(order) ?? false };
}

async function explore(tasks: Record<string, Step[]>, options: { runs?: number; bound?: number; reduce?: boolean; share?: boolean; fail?: (order: string[]) => boolean; outOfTime?: (order: string[]) => boolean } = {}) {
  const orders: string[][] = [];
  const summary = await searchSchedules({ runs: options.runs ?? 100, bound: options.bound ?? 2, jobs: 1, reduce: options.reduce ?? true, share: options.share ?? false }, async (_index, schedule: Schedule) => {
    const run = simulate(tasks, schedule.prefix.p ?? [], options.fail);
    orders.push(run.order);
    return { failed: run.failed, ...(options.outOfTime?.(run.order) ? { inconclusive: true } : {}), explored: { p: run.steps } };
  });
  return { orders: orders.map((o) => o.join(' ')), summary };
}

const conflicting: Record<string, Step[]> = { a: [{ writes: ['x'] }, { writes: ['x'] }], b: [{ writes: ['x'] }, { writes: ['x'] }] };

test('preemption bounding without reduction: 0, then 1, then 2 preemptions, every order of two tasks of two steps', async () => {
  const { orders, summary } = await explore(conflicting, { reduce: false });
  // Node's own order is round robin (FIFO); one preemption at each of the three decisions with a
  // choice; two preemptions reach the last two of the six orders.
  assert.deepEqual(orders, ['a1 b1 a2 b2', 'b1 a1 b2 a2', 'a1 a2 b1 b2', 'a1 b1 b2 a2', 'b1 b2 a1 a2', 'b1 a1 a2 b2']);
  assert.deepEqual(summary.byPreemptions, [1, 3, 2]);
  assert.equal(summary.complete, true);
  assert.equal(summary.statement, 'explored every schedule: 6 schedules, none needing more than 2 preemptions; no failure');
});

test('bound 1 stops after the schedules with one preemption and says the bound is exhausted', async () => {
  const { orders, summary } = await explore(conflicting, { reduce: false, bound: 1 });
  assert.deepEqual(orders, ['a1 b1 a2 b2', 'b1 a1 b2 a2', 'a1 a2 b1 b2', 'a1 b1 b2 a2']);
  assert.equal(summary.exhausted, 1);
  assert.equal(summary.complete, false);
  assert.equal(summary.statement, 'explored every schedule with ≤ 1 preemption (4 schedules): no failure');
});

test('a run budget spent inside a bound says which bound was not exhausted', async () => {
  const { orders, summary } = await explore(conflicting, { reduce: false, runs: 3 });
  assert.equal(orders.length, 3);
  assert.equal(summary.exhausted, 0);
  assert.equal(summary.left, 1);
  assert.equal(summary.statement, 'explored every schedule with no preemption (1 schedule): no failure; the run budget ran out before the bound of 1 was exhausted (2 of 3 schedules with 1 preemption run)');
});

test('a failure is found at the fewest preemptions it needs, and says what passed before it', async () => {
  // Fails when b's first step runs between a's two steps... only when a2 comes right after a1.
  const { summary } = await explore(conflicting, { reduce: false, fail: (o) => o.join(' ') === 'a1 a2 b1 b2' });
  assert.deepEqual(summary.failure, { run: 3, preemptions: 1 });
  assert.equal(summary.statement, 'a schedule with 1 preemption failed (run 3 of 6); every schedule with no preemption before it passed');
});

test('reduction: independent tasks need no second schedule', async () => {
  const { orders, summary } = await explore({ a: [{ writes: ['x'] }, { writes: ['x'] }], b: [{ writes: ['y'] }, { reads: ['y'] }] });
  assert.deepEqual(orders, ['a1 b1 a2 b2']);
  assert.equal(summary.complete, true);
  assert.equal(summary.pruned, 3);
});

test('reduction: only the dependent pair is reordered, both ways', async () => {
  // a2 writes x, b1 reads it; everything else touches locations of its own (or reads only).
  const { orders } = await explore({ a: [{ writes: ['p'] }, { writes: ['x'] }], b: [{ reads: ['x'] }, { reads: ['p'] }] });
  assert.deepEqual(orders, ['a1 b1 a2 b2', 'a1 a2 b1 b2']);
});

test('reduction: two reads commute, a lock operation does not', async () => {
  const reads = await explore({ a: [{ reads: ['x'] }], b: [{ reads: ['x'] }] });
  assert.deepEqual(reads.orders, ['a1 b1']);
  const locks = await explore({ a: [{ writes: ['lock:1'] }], b: [{ writes: ['lock:1'] }] });
  assert.deepEqual(locks.orders, ['a1 b1', 'b1 a1']);
});

test('branches: the exact schedules a run adds, after its forced prefix only', () => {
  const steps: ExploredStep[] = [
    { key: 'a1', candidates: ['a1', 'b1', 'c1'], reads: [], writes: ['x'] },
    { key: 'b1', candidates: ['b1', 'c1'], reads: ['x'], writes: [] },
    { key: 'c1', reads: [], writes: ['z'] },
  ];
  const all = branches({ prefix: {}, preemptions: 0 }, { p: steps }, false);
  assert.deepEqual(all.schedules.map((s) => s.prefix.p.join(' ')), ['b1', 'c1', 'a1 c1']);
  assert.ok(all.schedules.every((s) => s.preemptions === 1));
  // b1 read what a1 wrote: moving it ahead is a new order; c1 touches z only: the same state.
  const reduced = branches({ prefix: {}, preemptions: 0 }, { p: steps }, true);
  assert.deepEqual(reduced.schedules.map((s) => s.prefix.p.join(' ')), ['b1']);
  assert.equal(reduced.pruned, 2);
  // A schedule forced through decision 1 branches only after it, and keeps other processes' prefixes.
  const later = branches({ prefix: { p: ['a1'], q: ['y1'] }, preemptions: 1 }, { p: steps }, false);
  assert.deepEqual(later.schedules.map((s) => [s.prefix.p.join(' '), s.prefix.q.join(' '), s.preemptions]), [['a1 c1', 'y1', 2]]);
});

test('an alternative that never ran later in the run is always branched', () => {
  const steps: ExploredStep[] = [{ key: 'a1', candidates: ['a1', 'b1'], reads: [], writes: [] }];
  assert.equal(movesAcrossDependent(steps, 0, 'b1'), true);
});

test('the outside world: an I/O completion is dependent on every step that touches a resource', () => {
  // c1.0@5 (a callback: Node ran it when its I/O completed) touches nothing recorded, yet a step
  // that listens on a port sees whether the port was freed first.
  const callback = stepOf('c1.0@5');
  const listen = stepOf('3@9');
  accessOf(listen, { e: 'wr', a: 3, s: 9, obj: 0, k: 'port:8080' });
  const field = stepOf('4@2');
  accessOf(field, { e: 'wr', a: 4, s: 2, obj: 7, k: 'count' });
  assert.equal(dependent(callback, listen), true);
  assert.equal(dependent(callback, field), false);
  assert.equal(dependent(listen, field), false);
  // Collections: one location whatever the element key (coarse, never unsound).
  const a = stepOf('5@1');
  accessOf(a, { e: 'wr', a: 5, s: 1, obj: 9, k: '[]', ek: 'x' });
  const b = stepOf('6@1');
  accessOf(b, { e: 'rd', a: 6, s: 1, obj: 9, k: '[]', ek: 'y' });
  assert.equal(dependent(a, b), true);
});

test('the loop\'s queues: two steps that each queue a callback are dependent, and so is a callback\'s step; a step that queues nothing is not', () => {
  const [a, b, plain] = [stepOf('1@3'), stepOf('2@3'), stepOf('4@3')];
  queuedBy(a);
  queuedBy(b);
  assert.equal(dependent(a, b), true);
  assert.equal(dependent(a, stepOf('c7.0@9')), true, 'a timer\'s callback moves the clock the next timer is placed by');
  assert.equal(dependent(a, plain), false);
  assert.deepEqual(a.reads, [], 'no access of the program\'s for stories or patterns');
});

test('one systematic run: the forced prefix by key, then Node\'s own choice (candidate 0)', () => {
  const strategy = new SystematicStrategy(['7@3']);
  const candidates = [{ seq: 1, key: '5@3', activation: 5, site: 3, task: 5 }, { seq: 2, key: '7@3', activation: 7, site: 3, task: 7 }];
  assert.equal(strategy.choose(candidates, 1), 1);
  assert.equal(strategy.expects(1), '7@3');
  assert.equal(strategy.choose(candidates, 2), 0);
  assert.equal(strategy.expects(2), undefined);
  assert.equal(strategy.recordsCandidates, true);
  // A prefix that names a continuation that is not there cannot be followed: the scheduler marks
  // the decision diverged.
  assert.equal(new SystematicStrategy(['9@9']).choose(candidates, 1), undefined);
});

test('after a forced callback, its channel keeps the turn while it has an event ready, then FIFO', () => {
  // c8 is a timer (parked first: Node's own choice), c11 a socket's data events.
  const cb = (seq: number, key: string) => ({ seq, key, activation: null, site: 84, task: -seq });
  const strategy = new SystematicStrategy(['c11.0@84']);
  assert.equal(strategy.choose([cb(1, 'c8.0@83'), cb(2, 'c11.0@84')], 1), 1);
  // The socket's next chunk runs before the timer: the same one preemption.
  assert.equal(strategy.choose([cb(1, 'c8.0@83'), cb(3, 'c5.2@84'), cb(4, 'c11.1@84')], 2), 2);
  // No event of c11 ready: Node's own choice, and the channel does not take the turn back later.
  assert.equal(strategy.choose([cb(1, 'c8.0@83'), cb(3, 'c5.2@84')], 3), 0);
  assert.equal(strategy.choose([cb(3, 'c5.2@84'), cb(5, 'c11.2@84')], 4), 0);
  // A forced continuation (no channel), or a forced Node's own choice: FIFO right after.
  const continuation = new SystematicStrategy(['7@3']);
  assert.equal(continuation.choose([{ seq: 1, key: '5@3', activation: 5, site: 3, task: 5 }, { seq: 2, key: '7@3', activation: 7, site: 3, task: 7 }], 1), 1);
  assert.equal(continuation.choose([cb(1, 'c8.0@83'), cb(4, 'c11.1@84')], 2), 0);
});

test('reduction: a callback alternative is pruned only if its channel\'s later events commute too', () => {
  const step = (key: string, writes: string[], candidates?: string[]): ExploredStep => ({ key, ...(candidates ? { candidates } : {}), reads: [], writes });
  // c2.0 commutes with t1, but c2.1 — pulled ahead by the channel's turn — writes what t1 writes.
  const steps = [step('t1', ['x'], ['t1', 'c2.0@5']), step('c2.0@5', ['y']), step('c2.1@5', ['x'])];
  assert.equal(movesAcrossDependent(steps, 0, 'c2.0@5'), true);
  // Without that later event it is the same state as the recorded run: pruned.
  assert.equal(movesAcrossDependent(steps.slice(0, 2), 0, 'c2.0@5'), false);
  // A continuation alternative moves alone (keys without a channel).
  const plain = [step('t1', ['x'], ['t1', 'u1']), step('u1', ['y']), step('u2', ['x'])];
  assert.equal(movesAcrossDependent(plain, 0, 'u1'), false);
});

test('combined: the search\'s share of the budget, level by level', () => {
  // A level that fits in what is left runs whole.
  assert.equal(searchShare(10, 1, 9), 10);
  assert.equal(searchShare(10, 4, 2), 10);
  // The first that does not fit: until half the budget (rounded up) is used…
  assert.equal(searchShare(10, 1, 14), 5);
  assert.equal(searchShare(9, 1, 14), 5);
  // …or no further, when that much is used already.
  assert.equal(searchShare(10, 7, 12), 7);
  assert.equal(searchShare(1, 0, 1), 1);
});

test('combined run plan: every level fits in 10 runs — the whole space, then 4 random runs', async () => {
  // Levels of 1, 3 and 2 schedules (the six orders of two tasks of two conflicting steps).
  const { orders, summary } = await explore(conflicting, { reduce: false, runs: 10, share: true });
  assert.equal(orders.length, 6);
  assert.deepEqual(summary.byPreemptions, [1, 3, 2]);
  assert.equal(summary.share, undefined);
  assert.equal(summary.complete, true);
  // fuzz gives the other 4 runs to random, seeds going on from the search's run numbers.
  const withRandom = { ...summary, random: { runs: 4, firstSeed: 7 } };
  assert.equal(statementOf(withRandom), 'explored every schedule: 6 schedules, none needing more than 2 preemptions; no failure; then 4 random runs (seeds 7…10): no failure');
});

test('statement of a search that found a single schedule: says why there was only one (no two tasks ready, or the rest equivalent)', () => {
  const summary = { bound: 2, exhausted: 0, complete: true, byPreemptions: [1], left: 0, pruned: 0 };
  const one = 'explored every schedule: with the timings of its run, Node can run these tasks in one order only (at no point were two of them ready to go next), and it passed';
  assert.equal(statementOf(summary), one);
  assert.equal(statementOf({ ...summary, random: { runs: 3, firstSeed: 2 } }), `${one}; then 3 random runs (seeds 2…4): no failure`);
  assert.equal(statementOf({ ...summary, random: { runs: 3, firstSeed: 2, failure: { run: 3, seed: 3 } } }), `${one}; then 3 random runs (seeds 2…4): run 3 (seed 3) failed: an order the search did not reach: its guarantee holds for the timings its runs had (timer lengths, I/O times, one Math.random seed), and the random runs had others`);
  assert.equal(statementOf({ ...summary, pruned: 3 }), 'explored every schedule: one, and 3 other orders of steps that touch nothing in common, left out as equivalent; it passed');
});

test('runs out of time are run, not checked: the statement claims no schedule it did not see end', async () => {
  const some = await explore(conflicting, { reduce: false, runs: 10, outOfTime: (o) => o.join(' ') === 'b1 a1 b2 a2' });
  assert.equal(some.summary.complete, true);
  assert.equal(some.summary.outOfTime, 1);
  assert.equal(some.summary.statement, 'ran every schedule: 6 schedules, none needing more than 2 preemptions; 1 of the 6 runs ran out of time while still working and was not checked; no failure in the others');
  const all = await explore(conflicting, { reduce: false, runs: 4, outOfTime: () => true });
  assert.equal(all.summary.statement, 'ran every schedule with ≤ 1 preemption (4 schedules); the run budget ran out before the bound of 2 was exhausted (0 of 2 schedules with 2 preemptions run); none was checked: all 4 runs ran out of time while still working');
  // A failure is the statement, out of time or not.
  const failed = await explore(conflicting, { reduce: false, runs: 10, fail: (o) => o.join(' ') === 'a1 a2 b1 b2', outOfTime: (o) => o.join(' ') === 'b1 a1 b2 a2' });
  assert.match(failed.summary.statement, /^a schedule with 1 preemption failed/);
  const one = { bound: 2, exhausted: 2, complete: true, byPreemptions: [1, 1], left: 0, pruned: 0, statement: 'a', outOfTime: 1 };
  const merged = mergeSummaries([one, { ...one, outOfTime: undefined }])!;
  assert.equal(merged.outOfTime, 1);
  assert.equal(merged.statement, 'each of the 2 tests: ran every schedule (4 in all); 1 of the 4 runs ran out of time while still working and was not checked; no failure in the others');
});

test('a long run lists at most the budget of branches, and the search claims no bound it could not list (trial18: out of memory)', async () => {
  // Two tasks of 300 conflicting steps each: level 1 has hundreds of schedules, the budget 10.
  const long = { a: Array.from({ length: 300 }, () => ({ writes: ['x'] })), b: Array.from({ length: 300 }, () => ({ writes: ['x'] })) };
  const { summary } = await explore(long, { reduce: false, runs: 10 });
  assert.deepEqual(summary.byPreemptions, [1, 9]);
  assert.equal(summary.unlisted, 1);
  assert.equal(summary.exhausted, 0);
  assert.equal(summary.complete, false);
  assert.equal(summary.statement, 'explored every schedule with no preemption (1 schedule): no failure; then 9 schedules with 1 preemption, not all of them: the runs have more branches than the run budget (long runs: every decision with two tasks ready is one); no failure');
  assert.equal(statementOf({ bound: 2, exhausted: 0, complete: false, byPreemptions: [1, 0], left: 0, pruned: 0, unlisted: 1 }), 'explored every schedule with no preemption (1 schedule): no failure; the schedules with 1 preemption were not run: the runs have more branches than the run budget (long runs: every decision with two tasks ready is one)');
  // One run of 100,000 decisions: the first 20 branches, each prefix as long as its decision.
  const steps = Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}`, candidates: [`k${i}`, `o${i}`], reads: [], writes: ['x'] }));
  const found = branches({ prefix: {}, preemptions: 0 }, { p: steps }, false, 20);
  assert.equal(found.schedules.length, 20);
  assert.equal(found.truncated, true);
  assert.deepEqual(found.schedules[2].prefix.p, ['k0', 'k1', 'o2']);
});

test('combined run plan: level 2 does not fit in 4 runs — levels 0 and 1 whole, no schedule of level 2', async () => {
  const { orders, summary } = await explore(conflicting, { reduce: false, runs: 4, share: true });
  assert.deepEqual(orders, ['a1 b1 a2 b2', 'b1 a1 b2 a2', 'a1 a2 b1 b2', 'a1 b1 b2 a2']);
  assert.deepEqual(summary.byPreemptions, [1, 3, 0]);
  // The whole budget was the search's: no share to speak of.
  assert.equal(summary.share, undefined);
  assert.equal(summary.exhausted, 1);
  assert.equal(summary.statement, 'explored every schedule with ≤ 1 preemption (4 schedules): no failure; the run budget ran out before the bound of 2 was exhausted (0 of 2 schedules with 2 preemptions run)');
});

test('combined run plan: level 1 does not fit in 3 runs — 2 schedules (half the budget, rounded up), 1 random run', async () => {
  const { orders, summary } = await explore(conflicting, { reduce: false, runs: 3, share: true });
  assert.deepEqual(orders, ['a1 b1 a2 b2', 'b1 a1 b2 a2']);
  assert.equal(summary.share, 2);
  assert.equal(summary.left, 2);
  const failed = { ...summary, random: { runs: 1, firstSeed: 3, failure: { run: 3, seed: 3 } } };
  assert.equal(statementOf(failed), 'explored every schedule with no preemption (1 schedule): no failure; the search\'s share of the runs (2) ran out before the bound of 1 was exhausted (1 of 3 schedules with 1 preemption run); then 1 random run (seed 3): run 3 (seed 3) failed');
  // A failure found by the search stops nothing: the plan is the same, the statement says it.
  const found = await explore(conflicting, { reduce: false, runs: 3, share: true, fail: (o) => o.join(' ') === 'b1 a1 b2 a2' });
  assert.deepEqual(found.summary.failure, { run: 2, preemptions: 1 });
  assert.equal(found.orders.length, 2);
});

test('merged searches of several tests keep the guarantee every one of them has', () => {
  const one = { bound: 2, exhausted: 1, complete: false, byPreemptions: [1, 3, 1], left: 1, pruned: 2, statement: 'a' };
  const two = { bound: 2, exhausted: 2, complete: true, byPreemptions: [1, 1], left: 0, pruned: 0, statement: 'b', random: { runs: 3, firstSeed: 3 } };
  const merged = mergeSummaries([one, two])!;
  assert.equal(merged.exhausted, 1);
  assert.deepEqual(merged.byPreemptions, [2, 4, 1]);
  assert.equal(merged.statement, 'each of the 2 tests: explored every schedule with ≤ 1 preemption (6 schedules in all): no failure; then 3 random runs in all: no failure');
  const failing = mergeSummaries([one, { ...two, failure: { run: 2, preemptions: 1 }, statement: 'a schedule with 1 preemption failed (run 2 of 2)' }])!;
  assert.equal(failing.statement, 'test 2 of 2: a schedule with 1 preemption failed (run 2 of 2)');
  assert.equal(mergeSummaries([one]), one);
  assert.equal(mergeSummaries([]), undefined);
});

test('a violation of the search is named by its schedule, any other by its strategy and seed', () => {
  assert.equal(scheduleName({ strategy: 'systematic', seed: 3, search: { schedule: 3, preemptions: 1, bound: 2 } }), 'schedule 3 of the ≤ 2-preemption search (1 preemption)');
  assert.equal(scheduleName({ strategy: 'systematic', seed: 1, search: { schedule: 1, preemptions: 0, bound: 1 } }), 'schedule 1 of the ≤ 1-preemption search (no preemption)');
  assert.equal(scheduleName({ strategy: 'random', seed: 7 }), 'strategy random, seed 7');
});
