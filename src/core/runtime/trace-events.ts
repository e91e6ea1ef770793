// The trace file format (version 1): JSON Lines, one file per test process, written by the runtime
// recorder inside the user's process and read by src/core/trace. Documented in docs/how-it-works.md ("Tracing").
// Field names are short because traces are large; every event has `e` (its type).

export const TRACE_FORMAT = 'conlens-trace';
export const TRACE_VERSION = 1;

/** An encoded run-time value (DESIGN §4: Daikon-like scalars). Primitives are themselves, except
 *  the ones JSON cannot hold; everything else is a tagged object. */
export type TraceValue =
  | number
  | string
  | boolean
  | null
  | { $: 'undefined' }
  | { $: 'number'; v: 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { $: 'bigint'; v: string }
  | { $: 'symbol'; v: string }
  | { $: 'string'; len: number; hash: string }
  | { $: 'function'; name: string }
  | { $: 'object'; id: number; cls: string; size?: number }
  | { $: 'array'; id: number; len: number; el?: TraceValue[]; hash?: string };

/** Variables of a program point sample: `this.balance`, `amount`, `return`, … */
export type TraceVars = Record<string, TraceValue>;

export interface HeaderEvent {
  e: 'header';
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  pid: number;
  ppid: number;
  argv: string[];
  cwd: string;
  started: string;
  /** Which events were recorded: field accesses are optional. */
  fields: boolean;
}

/** A function (program point owner), declared once before its first use. */
export interface FunctionEvent {
  e: 'fn';
  i: number;
  name: string;
  file: string;
  line: number;
  kind: string;
  async: boolean;
}

/** A source site (await, yield, for await, field access, lock call, `new Promise`), declared once
 *  before its first use. `promise` sites (scheduled runs only) are `new Promise(…)` expressions:
 *  where a promise a hang waits for was made (StallEvent.parked[].made). */
export interface SiteEvent {
  e: 'site';
  i: number;
  file: string;
  line: number;
  col: number;
  k: 'await' | 'for-await' | 'yield' | 'read' | 'write' | 'update' | 'count' | 'call' | 'lock' | 'callback' | 'promise';
  /** The property or method name, for field and lock sites; for an await of a call, the callee as
   *  written (`this.origin.read`). */
  name?: string;
  /** A collection access's receiver as written (`this.cache`), when it is `this`, names and dots. */
  on?: string;
}

export interface EnterEvent {
  e: 'en';
  /** Activation id (per process). */
  a: number;
  /** Parent activation (the caller, or the activation whose inline callback made the call). */
  p: number | null;
  f: number;
  /** Call order: position in this process's sequence of calls, from 1 (004 IV-D). */
  o: number;
  v: TraceVars;
}

export interface ExitEvent {
  e: 'ex';
  a: number;
  f: number;
  /** Line of the return statement (0: fell off the end of the body). Daikon's EXITnn. */
  x: number;
  v: TraceVars;
}

export interface ThrowEvent {
  e: 'exc';
  a: number;
  f: number;
  err: TraceValue | { $: 'error'; name: string; message: string };
  v: TraceVars;
}

/** The activation suspends at an await (or yield) / resumes after it. */
export interface AwaitEvent {
  e: 'aw' | 'rs';
  a: number;
  s: number;
}

/** An async activation that runs on while its caller goes on: a new task (DESIGN §2). */
export interface SpawnEvent {
  e: 'spawn';
  a: number;
}

/** A read (`rd`), write (`wr`) or read-modify-write (`up`) of shared state (DESIGN §2):
 *  - a property `k` of the object with identity `obj`;
 *  - the contents of an Array, Map or Set: `k` is `[]` — for mutating calls (push, set, …),
 *    reading calls (get, has, forEach, includes, …), `a[i]`, `size` / `length`, and iteration
 *    (for…of, spread, array destructuring); `ek` the element key when the access has a primitive
 *    one (`map.get('a')` → `'a'`, `a[2]` → `2`);
 *  - an external resource, on `obj` 0 ("the outside world", never an object's identity):
 *    `file:<absolute path>` (a file's content and metadata), `dir:<absolute path>` (a directory's
 *    listing: creating, removing or renaming an entry writes its parent's `dir:` as well as its
 *    `file:`), `port:<n>` (a TCP port: listen writes it, connect and http requests read it).
 *    Their sites (`k` `read` / `write`, `name` the call, e.g. `fs.stat`, `listen`) are declared
 *    when first met, at the user's source line of the innermost instrumented frame. */
export interface FieldEvent {
  e: 'rd' | 'wr' | 'up';
  a: number | null;
  s: number;
  /** Identity of the object (per process); 0: the outside world (files, directories, ports). */
  obj: number;
  k: string;
  /** The value read (`rd`) or written (`wr`), when known without running user code; for a
   *  resource write the byte length of the data, when given as a string or typed array. */
  v?: TraceValue;
  /** The element key of a collection access keyed by a string or number. */
  ek?: string | number;
}

export interface LockEvent {
  e: 'lk';
  a: number | null;
  s: number;
  op: 'request' | 'acquired' | 'release';
  lock: number;
}

export interface ErrorEvent {
  e: 'err';
  kind: 'uncaught' | 'unhandled-rejection';
  err: TraceValue | { $: 'error'; name: string; message: string; stack?: string };
}

/** A decision of the controlled scheduler (runtime/scheduler.ts): at step `n` it released the
 *  continuation of activation `a` parked at site `s` — an await, an async generator's yield (its
 *  resumption) or a for await (an iteration starting, or the loop ending; the site's `k` says
 *  which) — one of `c` ready candidates (index `i` in park order). `k` is the candidate's key
 *  (`<activation>@<site>`), stable across runs that take the same decisions; `t` the task (its
 *  root activation; negative: a call of an async function of test code, which has no
 *  activation). `d`: a replay that could not follow its recorded choice. */
export interface SchedEvent {
  e: 'sched';
  n: number;
  a: number | null;
  s: number;
  c: number;
  i: number;
  k: string;
  t: number | null;
  d?: 1;
  /** Every candidate's key, in park order (only under the systematic strategy, and only for a
   *  decision with a choice): the alternatives the search may branch on. */
  ks?: string[];
  /** Await sites of continuations that settled at once and earlier than the chosen one, which
   *  this decision delayed: it treats their awaited calls as slow I/O (mocked-I/O model). */
  m?: number[];
}

/** One edge of a wait-for cycle: task `t` (its root activation; `a` the activation that asked,
 *  at site `s` when its request is parked there) waits for `lock`, held by task `holder`. */
export interface WaitForEdge {
  t: number;
  a: number;
  s?: number;
  lock: number;
  holder: number;
}

/** Where a promise was made: the `new Promise(…)` expression (a `promise` site `s`) and the
 *  activation whose code ran it (`a`; null: test code or a module's top level) — the task that holds
 *  its resolve function, the one that would have settled it. */
export interface PromiseMade {
  s: number;
  a: number | null;
}

/** The scheduler found nothing to run and nothing happened for its stall time (or the process
 *  ended so): `deadlock` when the lock requests of the parked tasks form a wait-for `cycle`,
 *  otherwise `hang`. `parked`: what still waits, as activation and await site. */
export interface StallEvent {
  e: 'stall';
  kind: 'deadlock' | 'hang';
  message: string;
  step: number;
  atExit: boolean;
  cycle?: WaitForEdge[];
  /** What was still waiting: activation, await site, task; for a lock request, the lock and the
   *  tasks holding it; `made` (optional, absent in older traces): where the awaited promise was
   *  made, when it is one a `new Promise(…)` of instrumented code made — awaited directly, or
   *  returned by the awaited call (as written) of an instrumented async function. */
  parked: { a: number | null; s: number; t: number | null; lock?: number; holders?: number[]; made?: PromiseMade }[];
}

/** ATOMFUZZER (003 Alg. 2) at decision `n`: `warning` — task `t`, inside an atomic block, was
 *  about to re-acquire `lock` (−1: the event-loop lock) and was paused; `error` — task `by`
 *  acquired it while `t` was paused: an atomicity violation was created (for the event-loop lock:
 *  with an access conflicting with the block's); `commute` — tasks ran while `t` was paused on the
 *  event-loop lock but touched nothing its block touches; `unpause` — the monitor ended a pause
 *  (everything paused, or paused too long). */
export interface AtomEvent {
  e: 'atom';
  kind: 'warning' | 'error' | 'unpause' | 'commute';
  n: number;
  t: number | null;
  lock: number;
  by?: number | null;
}

/** ASSETFUZZER (001 phase II) at decision `n`, for the potential violation `target` (its id from
 *  phase I): `matched` — task `t` performed step `step` (0-based) of its access pattern;
 *  `realised` — the last step: the run now holds the non-serializable interleaving;
 *  `abandoned` — the window closed before the other task got in (`step`: where it stood). */
export interface AsfTraceEvent {
  e: 'asf';
  kind: 'matched' | 'realised' | 'abandoned';
  n: number;
  target: string;
  step: number;
  t: number | null;
}

/** A test case (issue 31) begins or ends: the runner's hook (node:test's and Vitest's root
 *  `beforeEach`/`afterEach`, Jest's, Mocha's runner events) around each test. `name` is the
 *  title path (`suite > test`), `file` the test file (absolute), `line` where the test is
 *  written when the runner says (otherwise the reader finds its title in the file); `ok` at the
 *  end, when the runner knows the outcome there. Events between a test case's begin and end,
 *  and those of activations started then, belong to it (trace/test-cases.ts). */
export interface TestCaseEvent {
  e: 'test';
  k: 'begin' | 'end';
  /** The full name, as the runner prints it (suite titles joined by its separator). */
  name: string;
  file: string;
  /** begin, of a test inside suites: the titles, outermost first, the test's own last. */
  path?: string[];
  line?: number;
  /** The n-th test of this name in the file (n ≥ 2; absent: the first). */
  n?: number;
  ok?: boolean;
  /** end, of a test that did not pass, under the scheduler: ms since it last made progress. */
  idle?: number;
  /** Under the scheduler: the timers' virtual clock (ms) when the test began or ended. */
  vclock?: number;
}

/** Under the systematic strategy: the step since the last sched event put a macrotask callback
 *  in a queue the event loop runs in order — a timer, an immediate, an emitter's listener. Swapping
 *  two such steps, or one with a callback's step (a timer's moves the timers' clock), changes the
 *  order Node runs their callbacks in, with no shared field touched: the search's reduction counts
 *  them dependent (active/explored-steps.ts LOOP; trial 19's p2d, two setImmediate chains). */
export interface QueueEvent {
  e: 'q';
}

export interface EndEvent {
  e: 'end';
  reason: 'exit' | 'signal' | 'uncaught';
  code?: number | null;
  signal?: string;
  events: number;
  /** Under the scheduler: ms since it last made progress (a run killed while still working),
   *  and the timers' virtual clock (ms). */
  idle?: number;
  vclock?: number;
}

export type TraceEvent =
  | HeaderEvent
  | FunctionEvent
  | SiteEvent
  | EnterEvent
  | ExitEvent
  | ThrowEvent
  | AwaitEvent
  | SpawnEvent
  | FieldEvent
  | LockEvent
  | ErrorEvent
  | SchedEvent
  | AtomEvent
  | AsfTraceEvent
  | StallEvent
  | TestCaseEvent
  | QueueEvent
  | EndEvent;
