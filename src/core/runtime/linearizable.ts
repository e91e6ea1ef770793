// The linearization oracle of He, Wu & Chen (002 §4, Alg. 2, read as its text says): run every
// linearization of a test (p, c1, c2) once — p, then the calls of the parallel parts in every
// order that keeps each part's own order — and record its outcome; then run the parts as
// concurrent tasks. A concurrent outcome that no linearization shows is a concurrency error (the
// test fails); one that some linearization shows is a misuse of the class (the test passes).
// Outcomes are the paper's exceptions, plus (beyond it) each call's return value and the final
// observable state of the objects; a part of the outcome that differs between two runs of the same
// linearization is not deterministic and is left out of the comparison (002's second assumption).
// A run that never ends is an outcome too (002 §4: deadlocks are outcomes): each run has a budget.
// Under the controlled scheduler the budget is its stall time (no progress, nothing ready): the
// scheduler asks this oracle before reporting a stall, and the stuck continuations are dropped so
// they cannot resume inside a later run. Without it, a run that has not ended after `budgetMs`
// hangs. Every run builds fresh objects with setup, so a hung run leaves nothing the next shares.
// Used by synthesized tests (conlens synth) through `concurrency-lens/concurrently`.
import { AssertionError } from 'node:assert';
import { concurrently } from './concurrently.js';

export interface LinearizableTest<S> {
  /** The sequential part p: builds fresh objects, each time it is called. */
  setup: () => S | Promise<S>;
  /** The parallel parts c1, c2, …: each a sequence of calls on what setup built. */
  parts: ((state: S) => unknown)[][];
  /** What the final observable state is (default: everything setup returned). */
  observe?: (state: S) => unknown;
  /** What outcomes are compared: everything (default), or only 002's own — exceptions and hangs
   *  — for calls that are task bodies, whose steps are meant to interleave (conlens synth says
   *  which in the test's header). */
  compare?: 'all' | 'exceptions';
  /** How many times the concurrent run is tried (002 Alg. 2's MaxRun; default 5). */
  runs?: number;
  /** Without the controlled scheduler: how long one run may take before it counts as hanging
   *  (default 2000 ms). Under the scheduler a run hangs when it stalls (its `stallMs`). */
  budgetMs?: number;
}

interface Outcome {
  /** Per call, in part order: `= <value>` or `throws <Name>: <message>`. */
  calls: string[];
  state: string;
  /** The run did not end: it deadlocked (a wait-for cycle of locks) or hung. Calls and state then
   *  are not compared: which calls ended before the stall is itself up to the schedule. */
  hang?: 'deadlock' | 'hang';
}

interface StallScheduler {
  stallMs: number;
  stallHandler: ((kind: 'deadlock' | 'hang') => boolean) | undefined;
  stallSince: number;
  mark(): number;
  dropStuck(since: number): void;
  ownTimer(ms: number, fn: () => void): () => void;
}

function scheduler(): StallScheduler | undefined {
  return (globalThis as { __conlens?: { scheduler?: StallScheduler } }).__conlens?.scheduler;
}

const HANG = Symbol('hang');

/**
 * Runs `body` within one run's budget. `explained(kind)`: whether a stall of that kind is an
 * outcome to record (true) or one the scheduler should report as it always does (false).
 * Resolves to the body's result, or to the stall kind when the run never ended.
 */
async function withinBudget<T>(body: () => Promise<T>, budgetMs: number, explained: (kind: 'deadlock' | 'hang') => boolean): Promise<T | { [HANG]: 'deadlock' | 'hang' }> {
  const sched = scheduler();
  // What the caller (the test awaiting this oracle) parked before the run is not the run's.
  const since = sched?.mark() ?? 0;
  let expire!: (kind: 'deadlock' | 'hang') => void;
  const expired = new Promise<{ [HANG]: 'deadlock' | 'hang' }>((resolve) => {
    expire = (kind) => resolve({ [HANG]: kind });
  });
  // Under the scheduler its stall decides; the timer (much longer) keeps the process alive
  // meanwhile — an event loop that empties would end the test before the stall is seen.
  const onBudget = () => {
    if (!explained('hang')) return;
    sched?.dropStuck(since);
    expire('hang');
  };
  let cancel: () => void;
  if (sched) cancel = sched.ownTimer(sched.stallMs * 10, onBudget);
  else {
    const timer = setTimeout(onBudget, budgetMs);
    cancel = () => clearTimeout(timer);
  }
  const previous = sched?.stallHandler;
  const previousSince = sched?.stallSince ?? 0;
  if (sched) {
    sched.stallSince = since;
    sched.stallHandler = (kind) => {
      if (!explained(kind)) return false;
      expire(kind);
      return true;
    };
  }
  try {
    return await Promise.race([body(), expired]);
  } finally {
    cancel();
    if (sched) {
      sched.stallHandler = previous;
      sched.stallSince = previousSince;
    }
  }
}

function hungKind(value: unknown): 'deadlock' | 'hang' | undefined {
  return value !== null && typeof value === 'object' && HANG in value ? (value as { [HANG]: 'deadlock' | 'hang' })[HANG] : undefined;
}

/** Every interleaving of the parts' calls as [part, index] steps (002 Definition 3). */
function interleavings(lengths: number[]): [number, number][][] {
  const out: [number, number][][] = [];
  const next = lengths.map(() => 0);
  const walk = (prefix: [number, number][]) => {
    if (prefix.length === lengths.reduce((a, b) => a + b, 0)) {
      out.push(prefix);
      return;
    }
    for (const [part, length] of lengths.entries()) {
      if (next[part] >= length) continue;
      next[part]++;
      walk([...prefix, [part, next[part] - 1]]);
      next[part]--;
    }
  };
  walk([]);
  return out;
}

/** A structural picture of a value: classes and own enumerable fields, not identities. */
export function snapshot(value: unknown, depth = 4, seen = new Set<unknown>()): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'bigint') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'function') return `[function ${(value as { name?: string }).name ?? ''}]`;
  if (typeof value === 'symbol') return value.toString();
  if (seen.has(value)) return '[cycle]';
  if (depth === 0) return '…';
  seen.add(value);
  try {
    const inner = (v: unknown) => snapshot(v, depth - 1, seen);
    if (Array.isArray(value)) return `[${value.map(inner).join(',')}]`;
    if (value instanceof Map) return `Map{${[...value].map(([k, v]) => `${inner(k)}=>${inner(v)}`).join(',')}}`;
    if (value instanceof Set) return `Set{${[...value].map(inner).join(',')}}`;
    if (value instanceof Promise) return 'Promise';
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    const name = (value as object).constructor?.name ?? 'Object';
    // A lock's internals (waiters, counters) are the synchronization, not the object's state.
    if (/^(Mutex|Semaphore|.*Lock)$/.test(name)) return name;
    const fields = Object.keys(value as object).sort().map((k) => `${k}:${inner((value as Record<string, unknown>)[k])}`);
    return `${name}{${fields.join(',')}}`;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `throws ${error.name}: ${error.message}` : `throws ${snapshot(error)}`;
}

async function call(fn: () => unknown): Promise<string> {
  try {
    return `= ${snapshot(await fn())}`;
  } catch (error) {
    return describeError(error);
  }
}

/** One run: setup, then `run` over the fresh state, within the budget (a stall of a sequential
 *  order is always an outcome). */
async function runOnce<S>(test: LinearizableTest<S>, run: (state: S, calls: string[][]) => Promise<unknown>, explained: (kind: 'deadlock' | 'hang') => boolean = () => true): Promise<Outcome> {
  const state = await test.setup();
  const calls: string[][] = test.parts.map((p) => p.map(() => ''));
  const ended = await withinBudget(() => run(state, calls), test.budgetMs ?? 2000, explained);
  const hang = hungKind(ended);
  if (hang) return { calls: calls.flat().map((c) => c || 'never ends'), state: '', hang };
  return { calls: calls.flat(), state: snapshot(test.observe ? test.observe(state) : state) };
}

function runLinearization<S>(test: LinearizableTest<S>, order: [number, number][]): Promise<Outcome> {
  return runOnce(test, async (state, calls) => {
    for (const [part, index] of order) calls[part][index] = await call(() => test.parts[part][index](state));
  });
}

/** Masks the outcome parts a linearization did not repeat exactly (only "throws <Name>" kept). */
function masked(o: Outcome, stable: { calls: boolean[]; state: boolean }): string {
  if (o.hang) return JSON.stringify(o.hang);
  const calls = o.calls.map((c, i) => (stable.calls[i] ? c : c.startsWith('throws') ? c.replace(/:.*$/, '') : 'returns'));
  return JSON.stringify([calls, stable.state ? o.state : '']);
}

/** Runs the oracle; throws an AssertionError naming the unexplained outcome when the concurrent run
 *  shows what no linearization does. Resolves to "linearizable" otherwise. */
export async function linearizable<S>(test: LinearizableTest<S>): Promise<'linearizable'> {
  const orders = interleavings(test.parts.map((p) => p.length));
  const recorded: { order: [number, number][]; outcome: Outcome }[] = [];
  const all = test.compare !== 'exceptions';
  const stable = { calls: test.parts.flat().map(() => all), state: all };
  for (const order of orders) {
    const first = await runLinearization(test, order);
    // A stall is not rerun (it costs the whole budget); a linearization that stalls once counts
    // as one that can (both of its outcomes are kept when only one run stalls).
    const again = first.hang ? first : await runLinearization(test, order);
    if (!first.hang && !again.hang) {
      first.calls.forEach((c, i) => {
        if (c !== again.calls[i]) stable.calls[i] = false;
      });
      if (first.state !== again.state) stable.state = false;
    }
    recorded.push({ order, outcome: first });
    if (again.hang && !first.hang) recorded.push({ order, outcome: again });
  }
  const seen = new Set(recorded.map((r) => masked(r.outcome, stable)));
  // Alg. 2 lines 5-8: the concurrent test runs MaxRun times (each on fresh objects; under the
  // controlled scheduler each run takes other decisions) until an outcome no linearization shows.
  let concurrent: Outcome | undefined;
  for (let run = 0; run < (test.runs ?? 5); run++) {
    // A concurrent stall some linearization shows is recorded like any outcome; one none shows
    // is left to the scheduler, which reports the deadlock (its lock cycle) or hang as usual.
    const outcome = await runOnce(test, (state, results) => concurrently(...test.parts.map((part, p) => async () => {
      for (const [i, fn] of part.entries()) results[p][i] = await call(() => fn(state));
    })), (kind) => seen.has(JSON.stringify(kind)) || !scheduler());
    if (!seen.has(masked(outcome, stable))) {
      concurrent = outcome;
      break;
    }
    // Each further run would stall again and spend the whole budget.
    if (outcome.hang) break;
  }
  if (!concurrent) return 'linearizable';
  const label = (order: [number, number][]) => order.map(([p, i]) => `c${p + 1}${test.parts[p].length > 1 ? `.${i + 1}` : ''}`).join(' ; ');
  const show = (o: Outcome) => `${o.hang ? `${o.hang === 'deadlock' ? 'deadlocks' : 'never ends'} (` : ''}${o.calls.map((c, i) => `call ${i + 1} ${c}`).join(', ')}${o.hang ? ')' : stable.state ? `; final state ${o.state}` : ''}`;
  throw new AssertionError({
    message: [
      'concurrency error: no linearization shows what the concurrent run did (002 Alg. 2)',
      `  concurrent:   ${show(concurrent)}`,
      ...recorded.map((r) => `  ${label(r.order).padEnd(13)} ${show(r.outcome)}`),
    ].join('\n'),
  });
}
