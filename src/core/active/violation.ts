// What a run under the controlled scheduler showed: its outcome (passed, or the kind of violation)
// and, for a violation, the report a developer reads — the scheduler's decisions and the lock,
// write and exception events around them, as steps "T1 Account.transfer acquires lock #2 at
// src/account.ts:42" — plus the decisions per process, so `conlens replay` can reproduce it.
// Written as .conlens/runs/<id>/violation.json.
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { StrategyName } from '../instrument/instrument-config.js';
import { readTraceFile, traceFiles, type TraceFileInfo } from '../trace/read-trace.js';
import { failingTestCases, testCaseKey, type TestCase } from '../trace/test-cases.js';
import { TaskLabeler, writtenIn } from '../trace/tasks.js';
import type { TracedRun } from '../trace/run-traced.js';
import type { FieldEvent, PromiseMade, StallEvent, TraceEvent, TraceValue } from '../runtime/trace-events.js';
import type { PotentialViolation } from './hybrid-analysis.js';
import type { RunChecked } from './outcome.js';
import { withoutColour } from '../runner/test-count.js';
import { ConcurrencyProbe } from '../trace/concurrency.js';
import { accessOf, queuedBy, stepOf, type ExploredStep } from './explored-steps.js';
import { noTestsRan } from '../runner/test-count.js';
import { eventText, promiseText, resourceOf, timerText } from '../trace/resource-keys.js';

export { eventText, resourceOf } from '../trace/resource-keys.js';

/** A field event with the value and element key the runtime may add (issue 14): both optional. */
type FieldEventV = FieldEvent & { v?: TraceValue; ek?: string | number | boolean };

export type ViolationKind = 'deadlock' | 'hang' | 'exception' | 'failed assertion' | 'unhandled rejection';

export interface ScheduleStep {
  step: number;
  task: string;
  function: string;
  file: string;
  line: number;
  event: string;
  /** A deadlock's wait: the lock method the task is calling when it waits (`pickup` of a config
   *  lock class, async-mutex's `acquire`). */
  calls?: string;
  /** A field, collection or resource access (issue 14): what `interleaving.ts` matches conflicts
   *  on — the same object and key (`[]` for a collection's contents, `file:/abs`, `dir:/abs`,
   *  `port:N` with obj 0 for resources), and the value read or written when the trace has it. */
  access?: StepAccess;
  /** The activation that took the step (its function is `function`); `Violation.frames` holds
   *  the activation chain, for the nearest common caller of a region's read and act. */
  a?: number;
  /** A sched step: the scheduler's decision number `n` in its test process (the sched event's
   *  `n`, also in the text), where "Debug this interleaving" pauses (report/cited-steps.ts). */
  decision?: number;
}

export interface StepAccess {
  op: 'read' | 'write';
  obj: number;
  k: string;
  /** A collection element's primitive key (`cache.get(id)`), when the runtime saw one. */
  ek?: string | number | boolean;
  /** The value read or written, as the user reads it (`3`, `"a"`, `Order`); absent when not traced. */
  value?: string;
  /** A collection's receiver as written at the site (`this.cache`). */
  on?: string;
  /** The path (`file:` key) is a directory: mkdir or rmdir named it in the run (a listing's
   *  `dir:` key is one already). The key stays the path's, so a stat of it still conflicts with its mkdir. */
  directory?: true;
  /** When the value is an object or an array: its id, as `obj` numbers objects — the read of
   *  `this.table` whose `ref` is the `obj` of a later read of `EUR` was the path to it (the story
   *  of a stale read through a field another task replaced; values alike as text, `Object`, can
   *  still be two objects). */
  ref?: number;
}

/** An activation of the schedule: its function and its caller's activation (null: a task root). */
export interface Frame {
  function: string;
  parent: number | null;
  /** A callback's run (runtime/callbacks.ts), a task of its own spawned by `parent`; `flow`: the
   *  task label of its registrant (its own when nothing instrumented registered it). */
  callback?: true;
  flow?: string;
}

export interface Violation {
  kind: ViolationKind;
  message: string;
  strategy: StrategyName;
  seed: number;
  /** The run folder (traces, run.json, this report). */
  runDir: string;
  /** The test process the schedule comes from: its test file. */
  process: string;
  /** The test cases that failed in the run (issue 31), when the runner's hooks recorded them;
   *  with several test cases in the process, the schedule holds only these ones' events. */
  testCases?: TestCase[];
  schedule: ScheduleStep[];
  /** The scheduler's choices (candidate keys) per test process: the input of a replay. */
  decisions: Record<string, string[]>;
  /** A deadlock's wait-for cycle, as readable edges. */
  cycle?: string[];
  /** The activations the steps name (`ScheduleStep.a`) and their callers, by activation id. */
  frames?: Record<string, Frame>;
  /** assetfuzzer: the atomic-set serializability violation (001) the run realised before it
   *  failed: its pattern, units of work and the four events. */
  serializability?: PotentialViolation;
  /** The awaited calls this run treated as slow I/O although they settled at once (the mocked-I/O
   *  model, docs/how-it-works.md): the finding needs each to take longer than the work the
   *  schedule ran first. Absent: the run is one Node can produce with real I/O and timer
   *  durations alone. */
  assumes?: SlowCallAssumption[];
  /** A schedule of the systematic search (strategy systematic): which one, so the report names
   *  it rather than a seed that does not choose it (its decisions replay it). */
  search?: SearchPlace;
}

/** A schedule's place in the preemption-bounded search (active/systematic.ts). */
export interface SearchPlace {
  /** Its run number: the search's schedules in the order they ran, from 1. */
  schedule: number;
  preemptions: number;
  /** The search's preemption bound. */
  bound: number;
}

/** How a report names the schedule of a violation: a search's schedule, or the strategy's seed. */
export function scheduleName(v: { strategy: string; seed: number; search?: SearchPlace }): string {
  if (!v.search) return `strategy ${v.strategy}, seed ${v.seed}`;
  const { schedule, preemptions, bound } = v.search;
  return `schedule ${schedule} of the ≤ ${bound}-preemption search (${preemptions === 0 ? 'no preemption' : `${preemptions} preemption${preemptions === 1 ? '' : 's'}`})`;
}

/** An await the schedule delayed past work Node would have run after it. */
export interface SlowCallAssumption {
  file: string;
  line: number;
  /** The awaited call's callee as written (`this.origin.read`), when the await is of a call. */
  call?: string;
}

/** ATOMFUZZER's outputs (003 §2.2): warnings (a re-acquire inside an atomic block was paused),
 *  errors (another task acquired the lock meanwhile: an atomicity violation was created; for the
 *  event-loop lock, with an access conflicting with the block's) and the interleavings that
 *  commuted (other tasks ran meanwhile but touched nothing the block touched: no violation). */
export interface AtomCounts {
  warnings: number;
  errors: number;
  commuting: number;
}

/** The counts of several runs or processes added up. */
export function sumAtomCounts(counts: Iterable<AtomCounts | undefined>): AtomCounts {
  const sum: AtomCounts = { warnings: 0, errors: 0, commuting: 0 };
  for (const c of counts) {
    if (!c) continue;
    sum.warnings += c.warnings;
    sum.errors += c.errors;
    sum.commuting += c.commuting;
  }
  return sum;
}

export interface RunAnalysis {
  outcome: 'pass' | ViolationKind;
  message?: string;
  /** Scheduler decisions, summed over the processes. */
  steps: number;
  /** Of those, the decisions that had a choice (two or more candidates ready, or a continuation
   *  settled at once that it delayed as slow I/O): none, and the run could only take Node's own
   *  order with its timings (trial 19: "19 random runs" that had
   *  nothing to choose read as 19 orders checked). */
  choices: number;
  decisions: Record<string, string[]>;
  violation?: Violation;
  /** ATOMFUZZER's outputs (003 §2.2): warnings (a re-acquire inside an atomic block was paused)
   *  and errors (another task acquired the lock meanwhile: an atomicity violation was created).
   *  A bug is a run that failed. */
  atom: AtomCounts;
  /** assetfuzzer: the potential violations (ids) the run realised (001 phase II). */
  realised: string[];
  /** What the run exercised at all (outcome.ts). */
  checked: RunChecked;
  /** The run did not finish its tests: a test runner's time limit, or the run's budget, ran out
   *  while the program was still working under the scheduler (stillWorking). Its outcome is
   *  'pass': nothing failed that a plain run would, and nothing is confirmed by it. */
  inconclusive?: string;
  /** systematic: each process's steps — the candidates and the accesses of every step — for the
   *  search's next branches (active/systematic.ts). */
  explored?: Record<string, ExploredStep[]>;
}

// A test runner's own time limit on a test or hook (Vitest, Jest, Mocha, node:test, ava).
const RUNNER_TIME_LIMIT = /Test timed out in \d+ ?ms|Hook timed out in \d+ ?ms|Exceeded timeout of \d+ ?ms for a (?:test|hook)|Timeout of \d+ ?ms exceeded|test timed out after \d+ ?ms|Timed out while running tests/;
const ASSERTION_FAILED = /ERR_ASSERTION|AssertionError|^\s*expect\((?:received|value|function)\)/m;
/** Longer than any wait of the scheduler's own (a replay waits up to half the stall time for a
 *  recorded continuation): a program idle this long when its test ended was stuck, not slow. */
const STUCK_MS = 1000;

/** Why a failed run is no evidence, or undefined: the only failures are a test runner's time
 *  limit (or the run's budget, `run.timedOut`) running out while the program was still making
 *  progress under the scheduler — every failed test ended within STUCK_MS of its last step —
 *  and had itself waited (its timers, on the virtual clock) under half that time. A scheduled run
 *  is slower than a plain one (each decision is a loop turn), and a runner's time limit runs on
 *  the real clock: a correct test of 180,000 awaits under Vitest failed with "Test timed out in
 *  5000ms" and got a story of a foreign write. A program that is stuck is idle (the scheduler's
 *  stall diagnosis, or a long idle time at the test's end), and one that polls its timers for a
 *  state a race made unreachable waits on its own clock: both stay failures. Given up: a livelock
 *  that takes no time of its own (a setImmediate spin) reads as slow here. */
function stillWorking(run: TracedRun, traces: ProcessTrace[]): string | undefined {
  const ran = traces.filter((t) => t.decisions.length > 0);
  if (!ran.length) return undefined;
  // Working (not idle) when the time ran out, and its own waiting (the virtual clock) under half of
  // it: the rest was the scheduler's slowness, which a plain run has not. A poll on timers for a
  // state a race left unreachable spends the time waiting (timers fire in real time: virtual ≈
  // real), and fails as in a plain run.
  const working = (idle: number | undefined, waited: number | undefined, limitMs: number) =>
    idle !== undefined && idle < STUCK_MS && waited !== undefined && (Number.isNaN(limitMs) || waited < limitMs / 2);
  if (run.timedOut) {
    // The processes the kill ended (a signal; none: killed outright, nothing to judge by).
    const killed = traces.filter((t) => t.info.end?.reason !== 'exit' && t.info.end?.reason !== 'uncaught');
    if (!killed.length || !killed.every((t) => working(t.info.end?.idle, t.info.end?.vclock, run.durationMs))) return undefined;
    return `killed over its time budget ("timeoutMs") while the program was still working (${ran.reduce((n, t) => n + t.decisions.length, 0)} steps), slower under the scheduler than plainly`;
  }
  const limit = RUNNER_TIME_LIMIT.exec(run.output);
  if (!limit || ASSERTION_FAILED.test(run.output)) return undefined;
  const failed = traces.flatMap((t) => t.info.testCases.filter((c) => c.ok === false || c.idle !== undefined));
  const limitMs = Number(/(\d+) ?ms/.exec(limit[0])?.[1] ?? NaN);
  if (!failed.length || !failed.every((c) => working(c.idle, c.virtual, limitMs))) return undefined;
  const names = failed.slice(0, 3).map((c) => `"${c.name}"`).join(', ');
  return `the test runner's time limit ("${limit[0]}") ran out in ${names}${failed.length > 3 ? ` and ${failed.length - 3} more` : ''} while the program was still working, slower under the scheduler than plainly`;
}

/** How many steps a report keeps (the last ones: where the failure is). */
const MAX_STEPS = 400;

interface ProcessTrace {
  key: string;
  info: TraceFileInfo;
  events: TraceEvent[];
  labels: Map<number, string>;
  activationFn: Map<number, number>;
  /** Activation → its caller's activation (EnterEvent.p), for `Violation.frames`. */
  parents: Map<number, number | null>;
  decisions: string[];
  stall?: StallEvent;
  unhandled?: string;
  atom: AtomCounts;
  realised: string[];
  /** Whether the process called an instrumented function and ran two tasks at once. */
  probe: ConcurrencyProbe;
  /** The test case each kept event belongs to (trace/test-cases.ts). */
  owners: WeakMap<TraceEvent, string>;
  /** Under the systematic strategy (its sched events list the candidates): every step. */
  explored?: ExploredStep[];
  /** Decisions that had two or more candidates ready. */
  choices: number;
}

async function readProcess(file: string): Promise<ProcessTrace> {
  const tasks = new TaskLabeler();
  const events: TraceEvent[] = [];
  const activationFn = new Map<number, number>();
  const parents = new Map<number, number | null>();
  const decisions: string[] = [];
  // Reads (issue 14) are many: a loop re-reading the same field is one step, and the window the
  // report keeps counts the other events, so reads never push the writes and decisions out.
  let nonRead = 0;
  let lastRead = '';
  const owners = new WeakMap<TraceEvent, string>();
  const keep = (event: TraceEvent, owner: string | undefined) => {
    if (event.e === 'rd') {
      const key = `${event.a}|${event.s}|${event.obj}|${event.k}|${String((event as FieldEventV).ek)}`;
      if (key === lastRead) return;
      lastRead = key;
    } else {
      lastRead = '';
      nonRead++;
    }
    events.push(event);
    if (owner !== undefined) owners.set(event, owner);
    if (nonRead > MAX_STEPS * 8 || events.length > MAX_STEPS * 40) {
      let drop = 0;
      while (drop < events.length && (nonRead > MAX_STEPS * 4 || events.length - drop > MAX_STEPS * 20)) {
        if (events[drop].e !== 'rd') nonRead--;
        drop++;
      }
      events.splice(0, drop);
    }
  };
  let stall: StallEvent | undefined;
  let unhandled: string | undefined;
  const atom: AtomCounts = { warnings: 0, errors: 0, commuting: 0 };
  const realised: string[] = [];
  const probe = new ConcurrencyProbe();
  // systematic: the steps, started at the first sched event that lists its candidates (the
  // decisions before it had one candidate each); a step's accesses are the events until the next.
  let explored: ExploredStep[] | undefined;
  let step: ExploredStep | undefined;
  let choices = 0;
  const info = await readTraceFile(file, (event, traceInfo, owner) => {
    probe.see(event, traceInfo);
    if (event.e === 'aw' || event.e === 'rs' || event.e === 'ex' || event.e === 'exc') tasks.step(event.e, event.a);
    switch (event.e) {
      case 'asf':
        if (event.kind === 'realised') realised.push(event.target);
        break;
      case 'en':
        tasks.enter(event.a, event.p);
        activationFn.set(event.a, event.f);
        parents.set(event.a, event.p);
        break;
      case 'spawn':
        tasks.spawn(event.a);
        break;
      case 'sched':
        decisions.push(event.k);
        // A decision that delayed a continuation settled at once (`m`: mocked I/O taken as slow)
        // left Node's own order too, with one candidate ready (file-appender's closer).
        if (event.c > 1 || event.m?.length) choices++;
        if (event.ks) explored ??= decisions.slice(0, -1).map((key) => stepOf(key));
        if (explored) {
          step = stepOf(event.k, event.ks);
          explored.push(step);
        }
        keep(event, owner);
        break;
      case 'atom':
        if (event.kind === 'warning') atom.warnings++;
        else if (event.kind === 'error') atom.errors++;
        else if (event.kind === 'commute') atom.commuting++;
        break;
      case 'q':
        if (step) queuedBy(step);
        break;
      case 'stall':
        stall = event;
        keep(event, owner);
        break;
      case 'err':
        if (event.kind === 'unhandled-rejection') unhandled ??= errorText(event.err);
        keep(event, owner);
        break;
      case 'test':
        // A failed test's end: a failure before a hang (failureBeforeHang).
        if (event.k === 'end' && event.ok === false) keep(event, owner);
        break;
      case 'lk':
      case 'exc':
      case 'rd':
      case 'wr':
      case 'up':
        if (step && event.e !== 'exc') accessOf(step, event);
        keep(event, owner);
        break;
      default:
        break;
    }
  });
  const header = info.header;
  const last = header?.argv[header.argv.length - 1];
  // A relative last argument (Jest's `jest-run.cjs test/integration`) is relative to the process's
  // cwd, as the scheduler's processKey() read it there — not to ours.
  const key = last && header ? relative(header.cwd, resolve(header.cwd, last)).split('\\').join('/') : file;
  // Accesses made before the first listed decision belong to the steps before it: none of them
  // had an alternative, so only the steps from there on are ever compared.
  if (explored && !step) explored = undefined;
  return { key, info, events, labels: tasks.labels(), activationFn, parents, decisions, stall, unhandled, atom, realised, probe, owners, choices, ...(explored ? { explored } : {}) };
}

function errorText(err: unknown): string {
  if (typeof err === 'object' && err !== null && '$' in err && (err as { $: string }).$ === 'error') {
    const e = err as unknown as { name: string; message: string };
    return `${e.name}: ${e.message}`;
  }
  return JSON.stringify(err);
}

const DIRECTORY_CALL = /(^|\.)(mkdir|rmdir)(Sync)?$/;

/** The `file:` keys mkdir or rmdir accessed in this trace (runtime/resources.ts keys an entry by
 *  its path whatever it is; the call that made it says it is a directory). */
function directoryPaths(trace: ProcessTrace): Set<string> {
  const found = new Set<string>();
  for (const event of trace.events) {
    if ((event.e === 'rd' || event.e === 'wr') && event.k.startsWith('file:') && DIRECTORY_CALL.test(trace.info.sites.get(event.s)?.name ?? '')) found.add(event.k);
  }
  return found;
}

/** The steps a developer reads, from one process's trace. */
function stepsOf(trace: ProcessTrace): ScheduleStep[] {
  const { info, labels, activationFn } = trace;
  // A callback's run (runtime/callbacks.ts) is a task of its own, but its code is written in the
  // function that registered it: its steps name that function, as an inline callback's do.
  const fnOf = (a: number | null) => writtenIn(a, (x) => info.functions.get(activationFn.get(x) ?? -1), trace.parents);
  const taskOf = (a: number | null) => (a === null ? '—' : labels.get(a) ?? `activation ${a}`);
  const siteOf = (s: number) => info.sites.get(s);
  const steps: ScheduleStep[] = [];
  const directories = directoryPaths(trace);
  let lastThrow = '';
  const push = (a: number | null, site: number | undefined, event: string, calls?: string, access?: StepAccess, decision?: number) => {
    const fn = fnOf(a);
    const where = site === undefined ? undefined : siteOf(site);
    steps.push({
      step: steps.length + 1,
      task: taskOf(a),
      function: fn?.name ?? '(top level)',
      file: where?.file ?? fn?.file ?? '',
      line: where?.line ?? fn?.line ?? 0,
      event,
      ...(calls ? { calls } : {}),
      ...(access ? { access } : {}),
      ...(a !== null ? { a } : {}),
      ...(decision !== undefined ? { decision } : {}),
    });
  };
  for (const event of trace.events) {
    switch (event.e) {
      case 'sched': {
        const where = siteOf(event.s);
        const at = where ? `${where.file}:${where.line}` : `site ${event.s}`;
        const decision = `(decision ${event.n}, ${event.c} ready${event.d ? ', replay diverged' : ''})`;
        // A callback registered at the site runs (runtime/callbacks.ts) …
        if (where?.k === 'callback') push(event.a, event.s, `runs the ${where.name ?? ''} callback registered at ${at} ${decision}`, undefined, undefined, event.n);
        else {
          // … or a continuation resumes; an async generator's yield and a for await iteration are
          // scheduling points too.
          const point = where?.k === 'yield' ? 'the yield' : where?.k === 'for-await' ? 'the for await' : 'the await';
          push(event.a, event.s, `resumes after ${point} at ${at} ${decision}`, undefined, undefined, event.n);
        }
        break;
      }
      case 'lk':
        if (event.op !== 'request') push(event.a, event.s, `${event.op === 'acquired' ? 'acquires' : 'releases'} lock #${event.lock}`);
        else push(event.a, event.s, `asks for lock #${event.lock}`);
        break;
      case 'rd':
      case 'wr':
      case 'up': {
        const field = event as FieldEventV;
        const site = siteOf(event.s);
        const value = fieldValue(field);
        const access: StepAccess = {
          op: event.e === 'rd' ? 'read' : 'write',
          obj: event.obj,
          k: event.k,
          ...(field.ek !== undefined ? { ek: field.ek } : {}),
          ...(value !== undefined ? { value: valueText(value) } : {}),
          ...(event.k === '[]' && site?.on ? { on: site.on } : {}),
          ...(directories.has(event.k) ? { directory: true as const } : {}),
          ...(value !== null && typeof value === 'object' && (value.$ === 'object' || value.$ === 'array') ? { ref: value.id } : {}),
        };
        push(event.a, event.s, accessText(access, site?.name), undefined, access);
        break;
      }
      case 'exc': {
        const text = errorText(event.err);
        const task = taskOf(event.a);
        if (`${task}:${text}` !== lastThrow) push(event.a, undefined, `throws ${text}`);
        lastThrow = `${task}:${text}`;
        break;
      }
      case 'err':
        push(null, undefined, `${event.kind === 'unhandled-rejection' ? 'unhandled rejection' : 'uncaught exception'}: ${errorText(event.err)}`);
        break;
      case 'stall':
        for (const edge of event.cycle ?? []) {
          const where = edge.s === undefined ? undefined : siteOf(edge.s);
          // The lock method it waits in: a lock site's, or the awaited call's (`this.right.pickup`).
          const method = where?.k === 'lock' ? where.name : where?.k === 'await' && where.name ? where.name.split('.').pop() : undefined;
          push(edge.a, edge.s, `waits for lock #${edge.lock}, held by ${taskOf(edge.holder)}${method ? `, calling ${method}()` : ''}`, method);
        }
        if (!event.cycle) {
          const siteText = (s: number) => {
            const where = siteOf(s);
            return where ? `${where.file}:${where.line}` : `site ${s}`;
          };
          // Where each task that still waits waits (first), for "T1 is waiting too".
          const waitingAt = new Map<string, number>();
          for (const parked of event.parked) if (parked.a !== null && !waitingAt.has(taskOf(parked.a))) waitingAt.set(taskOf(parked.a), parked.s);
          // The promise a `new Promise(…)` made, in the user's words: its site, the function and
          // task that made it (whose code holds its resolve function) and, when that is another
          // task, what became of it.
          const madeText = (made: PromiseMade, waiter: string): string => {
            const fn = made.a === null ? undefined : fnOf(made.a)?.name;
            const creator = made.a === null ? undefined : taskOf(made.a);
            const head = `the promise made at ${siteText(made.s)}`;
            if (creator === undefined || creator === waiter) return `${head}${fn ? ` in ${fn}` : ''}${creator ? ` (${creator})` : ''}, which nothing resolved`;
            const stuck = waitingAt.get(creator);
            return `${head} by ${creator}${fn ? ` in ${fn}` : ''}; ${stuck !== undefined ? `${creator} is waiting too (at ${siteText(stuck)}) and never resolved it` : `${creator} ended without resolving it`}`;
          };
          for (const parked of event.parked.slice(0, 20)) {
            const where = siteOf(parked.s);
            const call = where?.k === 'await' && where.name ? `\`${where.name}(…)\`` : undefined;
            // Name what it waited for: the lock and its holders, the promise and where it was
            // made, or the awaited call.
            const what = parked.lock !== undefined
              ? `lock #${parked.lock}${parked.holders?.length ? `, held by ${parked.holders.map(taskOf).join(', ')},` : ''} which never came`
              : parked.made ? `${call ? `${call}: ` : ''}${madeText(parked.made, taskOf(parked.a))}`
              : call ? `${call}, whose promise never settled` : 'a promise that never settles';
            push(parked.a, parked.s, `waits at ${siteText(parked.s)} for ${what}`);
          }
        }
        break;
      default:
        break;
    }
  }
  // The last MAX_STEPS steps other than reads, with the reads among them.
  let from = steps.length;
  for (let n = 0; from > 0 && n < MAX_STEPS; ) if (steps[--from].access?.op !== 'read') n++;
  while (from > 0 && steps[from - 1].access?.op === 'read') from--;
  const kept = steps.slice(from);
  kept.forEach((s, i) => (s.step = steps.length - kept.length + i + 1));
  return kept;
}

/** Whether a step is a hang's wait for a promise — not for a lock, not for an awaited call as
 *  written: "waits at src/a.ts:4 for a promise that never settles", or, when the trace says where
 *  the promise was made, "waits at src/a.ts:4 for the promise made at …" (interleaving.ts: a lost
 *  wake-up's wait, a hang's summary). */
export function waitsForPromise(event: string): boolean {
  return / for a promise that never settles$/.test(event) || /^waits at .+? for the promise made at /.test(event);
}

/** The value a field event carries, when it is the field's: a read of a `#private` field has
 *  none — the recorder peeks a property of that name, which a private field never is (it found
 *  none: "undefined"); a write's value is the one assigned. */
export function fieldValue(event: FieldEvent): TraceValue | undefined {
  return event.e === 'rd' && event.k.startsWith('#') ? undefined : event.v;
}

/** A traced value as the user reads it: `3`, `"a"`, `undefined`, `Order`, `Array(2)`. */
export function valueText(v: TraceValue): string {
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}…` : v);
  switch (v.$) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return v.v;
    case 'bigint':
      return `${v.v}n`;
    case 'symbol':
      return v.v;
    case 'string':
      return `a string of ${v.len} characters`;
    case 'function':
      return `function ${v.name}`;
    case 'object':
      return v.size !== undefined ? `${v.cls}(${v.size})` : v.cls;
    case 'array':
      return `Array(${v.len})`;
    default:
      return JSON.stringify(v);
  }
}

/** The variable an access is about, in the user's words: `stock`, `file /tmp/a.json`,
 *  `directory /tmp/x`, `port 4123`, `entry "id"` of a collection. */
export function variableText(access: Pick<StepAccess, 'k' | 'ek' | 'on' | 'directory'>): string {
  const resource = resourceOf(access.k);
  if (resource?.kind === 'event') return eventText(resource.name);
  if (resource?.kind === 'timer') return timerText(resource.name);
  if (resource?.kind === 'promise') return promiseText(resource.name);
  if (resource) return `${resource.kind === 'dir' || access.directory ? 'directory' : resource.kind} ${resource.name}`;
  if (access.k === '[]') {
    const of = access.on ? ` of ${access.on}` : '';
    return access.ek !== undefined ? `entry ${JSON.stringify(access.ek)}${of}` : access.on ? `the elements of ${access.on}` : 'the elements';
  }
  return access.k;
}

/** A step's event text for an access: "reads stock (3)", "writes file /tmp/x/a.json", "reads
 *  directory /tmp/x", "listens on port 4123". Writes start with "writes " (confirm.ts reads them
 *  so when a step has no `access`). */
export function accessText(access: StepAccess, method?: string): string {
  const value = access.value !== undefined ? ` (${access.value})` : '';
  const resource = resourceOf(access.k);
  if (resource?.kind === 'port') return access.op === 'write' ? `listens on port ${resource.name}` : `connects to port ${resource.name}`;
  if (resource?.kind === 'event') return access.op === 'write' ? `emits ${eventText(resource.name)}` : `listens for ${eventText(resource.name)}`;
  if (resource?.kind === 'promise') return access.op === 'read' ? `waits on ${promiseText(resource.name)} (then)` : `settles ${promiseText(resource.name)} (${access.value === '"rejected"' ? 'reject' : 'resolve'})`;
  if (resource?.kind === 'timer') return access.op === 'read' ? `runs the callback of ${timerText(resource.name)}` : `${access.value === '"cleared"' ? 'clears' : 'arms'} ${timerText(resource.name)}`;
  // How a collection was accessed: `has()`, `[i]`, `.length`, `for…of` — as it reads in the code.
  const how = !method || resource ? '' : method === '[]' ? '[i]' : method === 'size' || method === 'length' ? `.${method}` : method === 'for-of' ? 'for…of' : method === '...' || method === '[...]' ? 'spread' : `${method}()`;
  const via = access.k === '[]' && how ? ` via ${how}` : '';
  // A field's name is quoted: `writes \`reads\`` is a field named "reads", not a file read.
  const variable = access.k === '[]' || resource ? variableText(access) : `\`${access.k}\``;
  return `${access.op === 'read' ? 'reads' : 'writes'} ${variable}${via}${value}`;
}

function cycleText(trace: ProcessTrace, stall: StallEvent): string[] {
  const fnOf = (a: number) => trace.info.functions.get(trace.activationFn.get(a) ?? -1)?.name ?? `activation ${a}`;
  const label = (a: number) => trace.labels.get(a) ?? `activation ${a}`;
  return (stall.cycle ?? []).map((edge) => `${label(edge.t)} (${fnOf(edge.a)}) waits for lock #${edge.lock} held by ${label(edge.holder)}`);
}

/** The first failure of a run that then hung: an `err` event (uncaught exception, unhandled
 *  rejection) before the stall, or an error thrown out of a task's root activation (nothing
 *  instrumented above it to catch it) that the test output reports. */
function failureBeforeHang(traces: ProcessTrace[], output: string): { kind: ViolationKind; message: string; source: ProcessTrace } | undefined {
  for (const trace of traces) {
    for (const event of trace.events) {
      if (event.e === 'stall') break;
      // A test that failed before the hang began (trial17: a double charge's assertion, then
      // another test of the file hung; every run was told as a hang).
      if (event.e === 'test' && event.k === 'end' && event.ok === false) {
        // The runner may not have printed it yet (Mocha reports at the end; the stall ended the
        // process): then the test's name says which failed.
        const printed = failureMessage(output);
        const message = printed === NO_MESSAGE ? `"${event.name}" failed (the runner had not printed why when the run hung)` : printed;
        // Not a runner's time limit: that is the stuck test itself (Mocha's 2 s before the stall).
        if (message && !RUNNER_TIME_LIMIT.test(message)) return { kind: ASSERTION_FAILED.test(output) ? 'failed assertion' : 'exception', message, source: trace };
      }
      if (event.e === 'err') return { kind: event.kind === 'unhandled-rejection' ? 'unhandled rejection' : 'exception', message: errorText(event.err), source: trace };
      if (event.e === 'exc' && trace.parents.get(event.a) === null) {
        const text = errorText(event.err);
        const said = typeof event.err === 'object' && event.err !== null && '$' in event.err && event.err.$ === 'error' ? (event.err as { message: string }).message : text;
        if (said && output.includes(said)) return { kind: 'exception', message: text, source: trace };
      }
    }
  }
  return undefined;
}

/** The activations the steps name and their callers (Violation.frames). */
function framesOf(trace: ProcessTrace, schedule: ScheduleStep[]): Record<string, Frame> {
  const frames: Record<string, Frame> = {};
  for (const step of schedule) {
    let a: number | null | undefined = step.a;
    while (a !== undefined && a !== null && !frames[a]) {
      const parent: number | null = trace.parents.get(a) ?? null;
      const fn = trace.info.functions.get(trace.activationFn.get(a) ?? -1);
      const flow = fn?.kind === 'callback' ? trace.labels.get(parent ?? a) : undefined;
      frames[a] = { function: fn?.name ?? `activation ${a}`, parent, ...(fn?.kind === 'callback' ? { callback: true as const, ...(flow ? { flow } : {}) } : {}) };
      a = parent;
    }
  }
  return frames;
}

/** The body of node:test's `error: |-` block at line `at` (the lines indented deeper than the
 *  key, after the first), compacted: a diff's changed lines (`- autosave: true`), else its text
 *  (`3 !== 4`). */
function assertionDetail(lines: string[], at: number): string {
  const indent = /^\s*/.exec(lines[at])![0].length;
  const body: string[] = [];
  for (let k = at + 2; k < lines.length; k++) {
    const line = lines[k];
    if (line.trim() && /^\s*/.exec(line)![0].length <= indent) break;
    if (line.trim()) body.push(line.trim());
  }
  return compactDetail(body);
}

/** The lines after an error line that ends with ':' (Mocha and other reporters print the
 *  assertion's own diff or `1 !== 2` there, unindented), up to the stack or Mocha's second diff
 *  (`+ expected - actual`), compacted as assertionDetail does. */
function followingDetail(lines: string[], at: number): string {
  const body: string[] = [];
  for (let k = at + 1; k < lines.length && body.length < 40; k++) {
    const line = lines[k].trim();
    if (/^at\s/.test(line) || /^\+ expected - actual$/.test(line)) break;
    if (line) body.push(line);
  }
  return compactDetail(body);
}

/** A diff's changed lines (`- autosave: true`), else the text (`3 !== 4`), in one line. */
function compactDetail(body: string[]): string {
  const changed = body.filter((l) => /^[+-]\s/.test(l) && !/^\+ actual - expected/.test(l));
  const text = (changed.length ? [...changed, '(+ actual, - expected)'] : body).join(' ').replace(/\s+/g, ' ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const NO_MESSAGE = 'the test command failed';

/** The failing test's message from node:test / mocha output. */
export function failureMessage(output: string): string {
  // Vitest colours its output even into a pipe: `\x1b[1mAssertionError\x1b[22m: expected 2 to be 1`.
  const lines = withoutColour(output).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*error:\s*(.*)$/.exec(lines[i]);
    if (!m) continue;
    let text = m[1].trim();
    const block = text === '|-' || text === '|' || text === '>-';
    if (block) text = (lines[i + 1] ?? '').trim();
    text = text.replace(/^'(.*)'$/, '$1');
    // An assertion without a message of its own ("Expected values to be strictly deep-equal:")
    // says what differed only in the lines below it: keep the differing lines, in one line.
    if (block && text.endsWith(':')) text = `${text} ${assertionDetail(lines, i)}`.trim();
    if (text) return text;
  }
  const jest = jestFailure(lines);
  if (jest) return jest;
  const at = lines.findIndex((l) => /\b\w*Error\b[:\s]/.test(l));
  if (at < 0) return NO_MESSAGE;
  const errorLine = lines[at].trim();
  return errorLine.endsWith(':') ? `${errorLine} ${followingDetail(lines, at)}`.trim() : errorLine;
}

/** Jest prints a failure as `● <test title>`, a blank line, then the error: a matcher's
 *  `expect(received).toBe(expected)` with its `Expected:` / `Received:` lines, or the thrown
 *  error's first line. */
function jestFailure(lines: string[]): string | undefined {
  const title = lines.findIndex((l) => /^\s*● /.test(l) && !/● Console\b/.test(l));
  if (title < 0) return undefined;
  const body = lines.slice(title + 1).map((l) => l.trim());
  const first = body.findIndex((l) => l !== '');
  if (first < 0) return undefined;
  const head = body[first];
  if (!head.startsWith('expect(')) return head;
  const detail: string[] = [];
  for (const line of body.slice(first + 1, first + 12)) {
    if (/^(Expected|Received)\b/.test(line)) detail.push(line.replace(/\s+/g, ' '));
    else if (detail.length && line === '') break;
  }
  return detail.length ? `${head.replace(/\s*\/\/.*$/, '')}: ${detail.join(', ')}` : head;
}

export async function analyzeRun(run: TracedRun, strategy: StrategyName, seed: number): Promise<RunAnalysis> {
  const traces = await Promise.all(traceFiles(run.runDir).map(readProcess));
  const decisions: Record<string, string[]> = {};
  for (const trace of traces) if (trace.decisions.length) decisions[trace.key] = trace.decisions;
  const steps = traces.reduce((sum, t) => sum + t.decisions.length, 0);
  const choices = traces.reduce((sum, t) => sum + t.choices, 0);
  const atom = sumAtomCounts(traces.map((t) => t.atom));
  const realised = [...new Set(traces.flatMap((t) => t.realised))];
  const ran = traces.filter((t) => t.probe.calls > 0);
  const noTests = noTestsRan(run.output);
  const checked: RunChecked = { processes: ran.length, concurrentProcesses: ran.filter((t) => t.probe.concurrent).length, ...(noTests ? { noTests } : {}) };

  // The kind: a stall the scheduler diagnosed (during the run, or at the end of a failed run),
  // a run killed over budget, an unhandled rejection, then the failing test's assertion or error.
  const stalled = traces.find((t) => t.stall && (!t.stall.atExit || !run.passed));
  const unhandled = traces.find((t) => t.unhandled);
  let kind: ViolationKind | undefined;
  let message: string | undefined;
  let source: ProcessTrace | undefined;
  if (stalled?.stall) {
    kind = stalled.stall.kind;
    source = stalled;
    const cycle = cycleText(stalled, stalled.stall);
    message = kind === 'deadlock' ? cycle.join('; ') : stalled.stall.message.replace(/^hang: /, '');
  } else if (run.timedOut) {
    kind = 'hang';
    message = `the test command did not finish within its time budget and was killed`;
  } else if (unhandled) {
    kind = 'unhandled rejection';
    source = unhandled;
    message = unhandled.unhandled;
  } else if (!run.passed) {
    // node:test attributes an unhandled rejection to the running test (failureType
    // 'unhandledRejection'), so the process's own handler never sees it: a finding all the same
    // (DESIGN §7 pitfall 4).
    kind = /failureType: 'unhandledRejection'/.test(run.output) ? 'unhandled rejection'
      // Jest's matchers fail with `expect(received)…` (JestAssertionError is not printed).
      : ASSERTION_FAILED.test(run.output) ? 'failed assertion' : 'exception';
    message = failureMessage(run.output);
  }
  // The violation kind is the first failure in the run (issue 14): a run that threw (an uncaught
  // exception, a rejected promise nobody handled, an error that escaped a task into the test)
  // and then hung because of it failed with the error, not with the hang.
  if (kind === 'hang') {
    const first = failureBeforeHang(traces, run.output);
    if (first) {
      ({ kind, source } = first);
      message = `${first.message} (then the run hung: ${message})`;
    }
  }
  // Not after a failure that came first (failureBeforeHang), a stall or an unhandled rejection.
  const budgetOnly = run.timedOut && kind === 'hang' && source === undefined;
  const slow = !stalled && !unhandled && (budgetOnly || (!run.timedOut && kind === 'exception')) ? stillWorking(run, traces) : undefined;
  if (slow) {
    kind = undefined;
    message = undefined;
  }
  let explored: Record<string, ExploredStep[]> | undefined;
  if (strategy === 'systematic') {
    explored = {};
    for (const trace of traces) if (trace.decisions.length) explored[trace.key] = trace.explored ?? trace.decisions.map((key) => stepOf(key));
  }
  if (!kind) return { outcome: 'pass', steps, choices, decisions, atom, realised, checked, ...(slow ? { inconclusive: slow } : {}), ...(explored ? { explored } : {}) };
  // The process whose test case failed (issue 31), then one that exited non-zero.
  // A process the budget's kill ended (a signal) failed too: the test it had begun and not ended
  // is the one that hung (trial19: a hang named no test, though its trace had the test's begin).
  const failedProcess = (t: ProcessTrace) => Boolean(t.stall && (!t.stall.atExit || !run.passed)) || !t.info.end || t.info.end.reason === 'signal' || (t.info.end.code ?? 0) !== 0;
  const failing = new Map(traces.map((t) => [t, failingTestCases(t.info.testCases, !run.passed && failedProcess(t))]));
  source ??= traces.find((t) => failing.get(t)!.length > 0 && failedProcess(t)) ?? traces.find((t) => failing.get(t)!.length > 0);
  source ??= traces.find((t) => t.info.end?.code !== undefined && t.info.end.code !== 0 && t.decisions.length) ??
    traces.find((t) => !t.info.end || (t.info.end.code ?? 0) !== 0) ?? traces.find((t) => t.decisions.length) ?? traces[0];
  const story = source ? testCaseEvents(source, failing.get(source) ?? []) : undefined;
  const violation: Violation = {
    kind,
    message: message ?? '',
    strategy,
    seed,
    runDir: run.runDir,
    process: source?.key ?? '',
    schedule: story ? stepsOf(story) : [],
    decisions,
  };
  const testCases = traces.flatMap((t) => failing.get(t) ?? []);
  if (testCases.length) violation.testCases = testCases;
  if (stalled?.stall?.cycle) violation.cycle = cycleText(stalled, stalled.stall);
  const assumes = story ? assumptionsOf(story) : [];
  if (assumes.length) violation.assumes = assumes;
  if (source) {
    const frames = framesOf(source, violation.schedule);
    if (Object.keys(frames).length) violation.frames = frames;
  }
  return { outcome: kind, message, steps, choices, decisions, violation, atom, realised, checked, ...(explored ? { explored } : {}) };
}

/** The process's trace narrowed to the failing test cases' events (and those of no test case),
 *  when it ran other test cases too: their calls are not the failure's story (issue 31). */
function testCaseEvents(trace: ProcessTrace, failing: TestCase[]): ProcessTrace {
  if (failing.length === 0 || trace.info.testCases.length <= failing.length) return trace;
  const keys = new Set(failing.map(testCaseKey));
  return { ...trace, events: trace.events.filter((e) => {
    const owner = trace.owners.get(e);
    return owner === undefined || keys.has(owner);
  }) };
}

/** The await sites the process's decisions delayed past later work (SchedEvent.m), in the order
 *  first delayed. */
function assumptionsOf(trace: ProcessTrace): SlowCallAssumption[] {
  const seen = new Set<number>();
  for (const event of trace.events) if (event.e === 'sched') for (const site of event.m ?? []) seen.add(site);
  const out: SlowCallAssumption[] = [];
  for (const site of seen) {
    const where = trace.info.sites.get(site);
    if (!where) continue;
    out.push({ file: where.file, line: where.line, ...(where.name ? { call: where.name } : {}) });
  }
  return out;
}

/** The sentence that says what a finding assumes (report text, stories). */
export function assumptionText(assumes: SlowCallAssumption[] | undefined): string | undefined {
  if (!assumes?.length) return undefined;
  const shown = assumes.slice(0, 3).map((a) => (a.call ? `\`${a.call}(…)\` at ${a.file}:${a.line}` : `the await at ${a.file}:${a.line}`));
  const more = assumes.length > 3 ? ` and ${assumes.length - 3} more` : '';
  return `This run treats ${shown.join(', ')}${more} as slow I/O: each settled at once here (a stand-in for I/O, or no I/O at all), and the failure needs it to take longer than the work the schedule ran first. With real I/O there, this is a real order; with none, no Node run takes it.`;
}

export function writeViolation(violation: Violation): string {
  const file = join(violation.runDir, 'violation.json');
  writeFileSync(file, `${JSON.stringify(violation, null, 2)}\n`);
  return file;
}

/** The schedule as lines: "  3  T2  Account.withdraw  src/account.ts:24  acquires lock #2". */
export function formatSchedule(schedule: ScheduleStep[], limit = 40): string[] {
  const shown = schedule.slice(-limit);
  const lines = shown.map((s) => `  ${String(s.step).padStart(4)}  ${s.task.padEnd(4)} ${s.function.padEnd(28)} ${`${s.file}:${s.line}`.padEnd(28)} ${s.event}`);
  if (schedule.length > shown.length) lines.unshift(`  … ${schedule.length - shown.length} earlier step(s) in violation.json`);
  return lines;
}
