// The recorder: the runtime API that instrumented code calls (installed as globalThis.__conlens by
// the register entry). It keeps the activation tree — which activation's code runs now — exactly,
// with no extra promise ticks: rewritten awaits and yields tell it when an activation suspends
// (`aw`) and resumes (`rs`), so the caller's code after a suspension runs as the caller again.
// Inline callbacks run as the function around them (their lexical activation).
// Task labels (DESIGN §2): an async activation whose caller goes on without awaiting it directly
// is a spawned task (`spawn` event); the trace reader turns that into T1, T2, …
import { types } from 'node:util';
import {
  captureInto, elementValue, encodeScalar, identityOf, isArraySafe, isCollection, isPlainData, OUTSIDE_WORLD, peekProperty, peekValue, sizeOf,
} from './value-capture.js';
import type { EndEvent, FieldEvent, TraceEvent, TraceValue, TraceVars } from './trace-events.js';
import { TraceWriter } from './trace-writer.js';
import { MUTATING_METHODS } from './mutating-methods.js';
import type { Scheduler } from './scheduler.js';
import { contextHash, functionKey, ROOT_CONTEXT, siteKey } from './calling-context.js';

export interface RecorderOptions {
  runDir: string;
  /** Record field reads/writes and mutating calls (integration runs). */
  fields: boolean;
  /** How deep `this` and parameter objects are captured (default 2). */
  depth: number;
  /** Config lock classes, by constructor name and method names. */
  locks: { export: string; acquire: string; release: string }[];
  /** Atomic blocks by static name (only the atomfuzzer strategy uses them). */
  atomic?: string[];
  /** Await sites (`file:line:column`) that enter an atomic block (the scheduler's entrySites). */
  entries?: string[];
}

interface FunctionInfo {
  params: string[];
  async: boolean;
  kind: string;
  /** calling-context.ts functionKey. */
  key: string;
}

/** One call of an instrumented function. `prev` is what ran before the current segment of it. */
export interface Activation {
  id: number;
  parent: Activation | undefined;
  fn: number;
  thisValue: unknown;
  exited: boolean;
  suspended: boolean;
  prev: Activation | undefined;
  /** Frames point at their activation; an activation is its own frame. */
  act: Activation;
  /** The arguments, to capture the parameters again at EXIT (as Daikon's Chicory does). */
  args: unknown[];
  /** The lock this activation last asked for (`await lock.acquire()` resumes holding it). */
  lastLock?: unknown;
  /** The recorder saw it spawned: it starts a task (the scheduler's task identity). */
  spawned?: boolean;
  /** An atomic block (ATOMFUZZER): the task it was counted for at its start. */
  atomicTask?: number | null;
  /** A callback's run (callbacks.ts): a task of its own. `lexical`: the activation its inline
   *  function is written in, once its first frame named it (its nested callbacks run as it). */
  callback?: { lexical?: Activation | undefined };
  /** Its calling-context hash (calling-context.ts), computed when first asked for. */
  ctx?: string;
}

/** Callback tasks' activation ids start here: they are handed out as callbacks run, whose order
 *  depends on when I/O completed, so they stay out of the ids of calls (await keys use those). */
const CALLBACK_IDS = 1_000_000_000;

/** An inline callback's frame: it runs as `act`, the function it is written in. */
interface CallbackFrame {
  act: Activation | undefined;
  prev: Activation | undefined;
  /** A call of an async function of test code (no activation): its task id for the scheduler's
   *  strategies, negative so it never equals an activation's. */
  task?: number;
}

type Frame = Activation | CallbackFrame;

const PROMISE_THEN = Promise.prototype.then;

/** A native promise whose `then` we may call without running user code: not a Proxy (its traps),
 *  not a subclass (PROMISE_THEN would construct one through Symbol.species). */
function isPlainPromise(value: unknown): value is Promise<unknown> {
  return types.isPromise(value) && !types.isProxy(value) && Reflect.getPrototypeOf(value) === Promise.prototype &&
    !Object.prototype.hasOwnProperty.call(value, 'constructor');
}

/** Node's own Error.prepareStackTrace (Node 20 defines one), as found when the recorder loads,
 *  before any user code: formatting with it runs no user code. */
const INITIAL_PREPARE_STACK_TRACE = peekProperty(Error, 'prepareStackTrace');

/** The park info's `task` of a test-code frame (scheduler.ts ParkInfo.task). */
const taskOfFrame = (frame: Frame): { task?: number } =>
  frame.act === undefined && (frame as CallbackFrame).task !== undefined ? { task: (frame as CallbackFrame).task } : {};

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `withStack` only at the process's end (uncaught error, unhandled rejection): V8 formats `stack`
 *  on its first read and freezes its first line then, so reading it while the program runs on
 *  changed what the program later sees — the common `err.message = \`context: ${err.message}\``
 *  before a rethrow kept the old message in the printed stack (transparency suite). */
function encodeError(error: unknown, withStack: boolean): TraceValue | { $: 'error'; name: string; message: string; stack?: string } {
  // Never run user code here (transparency suite): `instanceof` runs a Proxy's getPrototypeOf
  // trap, and `name` / `message` may be accessors with side effects or that throw (which made the
  // instrumented function throw that error instead). Data properties only, through peekProperty.
  if (typeof error === 'object' && error !== null && types.isNativeError(error) && !types.isProxy(error)) {
    let stack: string | undefined;
    // Formatting `stack` also runs user code: Error.prepareStackTrace, and the error's `name` /
    // `message` getters. Read it only when none of that can happen.
    const prepare = peekProperty(Error, 'prepareStackTrace');
    if (withStack && (prepare === undefined || prepare === INITIAL_PREPARE_STACK_TRACE) && isPlainData(error, 'name') && isPlainData(error, 'message')) {
      try {
        const raw = peekProperty(error, 'stack');
        stack = typeof raw === 'string' ? raw.split('\n').slice(0, 12).join('\n') : undefined;
      } catch {
        stack = undefined;
      }
    }
    return { $: 'error', name: asText(peekProperty(error, 'name')), message: asText(peekProperty(error, 'message')), stack };
  }
  return encodeScalar(error);
}

function constructorNameOf(value: object): string | undefined {
  const ctor = peekProperty(value, 'constructor');
  const name = typeof ctor === 'function' ? peekProperty(ctor, 'name') : undefined;
  return typeof name === 'string' ? name : undefined;
}

export class Recorder {
  private readonly writer: TraceWriter;
  private readonly functions: FunctionInfo[] = [];
  private siteCount = 0;
  private activationCount = 0;
  private callOrder = 0;
  /** Calls of test code's async functions seen (their task ids are the negated count). */
  private testTasks = 0;
  /** The activation whose code is running now (undefined: uninstrumented code, the event loop). */
  private current: Activation | undefined;
  /** The requester of the runExclusive callback running now: a callback the library calls after
   *  its requester returned (`return m.runExclusive(() => this.x)`) runs with no current
   *  activation; ATOMFUZZER's conflict check still needs its task. */
  private lockOwner: Activation | undefined;
  /** An async activation that has just suspended for the first time, returning to its caller;
   *  decided on the caller's next move (await it directly → same task, anything else → spawn). */
  private pending: Activation | undefined;
  /** Site kinds by site index: `await` sites are scheduling points through `aw`; `yield` and
   *  `for-await` sites through `sp`. */
  private readonly siteKinds: string[] = [];
  /** Site keys (`file:line:col`) by site index, for the assetfuzzer strategy's matching. */
  private readonly siteKeys: string[] = [];
  /** The controlled scheduler, when the run has one (install.ts). */
  scheduler: Scheduler | undefined;
  /** ATOMFUZZER's atomic blocks: the static names from the schedule settings, and the indexes
   *  of the registered functions that carry one. */
  private readonly atomicNames: Set<string>;
  private readonly atomicFns = new Set<number>();
  private readonly entrySites: Set<string>;
  /** Activations entered and not exited yet. */
  private open = 0;
  /** Callback sites → their callback function (kind 'callback'), and the callback tasks run. */
  private readonly callbackFns = new Map<number, number>();
  private callbackTasks = 0;
  /** Promises known to wait for other instrumented work: runExclusive results, promises of
   *  activations awaited before (a later `await p` of the same promise is not I/O). */
  private readonly dependentPromises = new WeakMap<object, Activation | true>();

  constructor(private readonly options: RecorderOptions) {
    this.writer = new TraceWriter(options.runDir, options.fields);
    this.atomicNames = new Set(options.atomic ?? []);
    this.entrySites = new Set(options.entries ?? []);
  }

  /** Writes a trace event (the scheduler's decisions). */
  write(event: TraceEvent): void {
    this.writer.write(event);
  }

  flush(): void {
    this.writer.flush();
  }

  /** The argv the trace header records (its last element is the process key), instead of the real
   *  one that names only a runner's worker script: set by a Vitest or Jest worker before its first
   *  event. */
  setProcessArgv(argv: string[]): void {
    this.writer.argv = argv;
  }

  // ---- module registration ------------------------------------------------------------------

  /** Declares a module's functions and sites; returns [first function index, first site index]. */
  m(file: string, fns: [name: string, line: number, kind: string, async: 0 | 1, params: string[]][], sites: [line: number, col: number, kind: string, name?: string, on?: string][]): [number, number] {
    const fnBase = this.functions.length;
    fns.forEach(([name, line, kind, isAsync, params], k) => {
      this.functions.push({ params, async: isAsync === 1, kind, key: functionKey(name, file, line) });
      if (this.atomicNames.has(name)) this.atomicFns.add(fnBase + k);
      this.writer.write({ e: 'fn', i: fnBase + k, name, file, line, kind, async: isAsync === 1 });
    });
    const siteBase = this.siteCount;
    sites.forEach(([line, col, kind, name, on], k) => {
      this.siteKinds[siteBase + k] = kind;
      this.siteKeys[siteBase + k] = siteKey(file, line, col);
      if (this.entrySites.has(`${file}:${line}:${col}`)) this.scheduler?.entrySites.add(siteBase + k);
      this.writer.write({ e: 'site', i: siteBase + k, file, line, col, k: kind as never, ...(name === undefined ? {} : { name }), ...(on === undefined ? {} : { on }) });
    });
    this.siteCount += sites.length;
    return [fnBase, siteBase];
  }

  /** A site's `file:line:col` (assetfuzzer matches phase I's events by it). */
  siteKey(site: number): string | undefined {
    return this.siteKeys[site];
  }

  /** The calling-context hash of an activation (001 §4.2.1), memoized on it. */
  contextOf(act: Activation | undefined): string {
    if (!act) return ROOT_CONTEXT;
    // Iteratively: a deep recursion must not overflow the stack here.
    const chain: Activation[] = [];
    for (let a: Activation | undefined = act; a && a.ctx === undefined; a = a.parent) chain.push(a);
    for (let i = chain.length - 1; i >= 0; i--) {
      const a = chain[i];
      a.ctx = contextHash(a.parent ? a.parent.ctx! : ROOT_CONTEXT, this.functions[a.fn]?.key ?? String(a.fn));
    }
    return act.ctx!;
  }

  // ---- calls --------------------------------------------------------------------------------

  private settlePending(actor: Activation | undefined, joined: boolean): void {
    const pending = this.pending;
    if (!pending || pending.parent !== actor) return;
    this.pending = undefined;
    if (!joined) {
      pending.spawned = true;
      this.writer.write({ e: 'spawn', a: pending.id });
    }
  }

  en(fn: number, thisValue: unknown, args: unknown[]): Activation {
    const parent = this.current;
    this.settlePending(parent, false);
    const act = {
      id: ++this.activationCount,
      parent,
      fn,
      thisValue,
      exited: false,
      suspended: false,
      prev: parent,
      args,
    } as Activation;
    act.act = act;
    const vars: TraceVars = {};
    const info = this.functions[fn];
    const params = info?.params ?? [];
    for (let i = 0; i < params.length; i++) captureInto(vars, params[i], args[i], this.options.depth - 1, new Set());
    if (thisValue !== undefined && info?.kind !== 'constructor') captureInto(vars, 'this', thisValue, this.options.depth, new Set());
    this.writer.write({ e: 'en', a: act.id, p: parent ? parent.id : null, f: fn, o: ++this.callOrder, v: vars });
    this.open++;
    this.current = act;
    if (this.scheduler && this.atomicFns.has(fn)) act.atomicTask = this.scheduler.atomicEnter(act, fn);
    return act;
  }

  private recordExit(act: Activation, value: unknown, line: number): void {
    const vars: TraceVars = {};
    const info = this.functions[act.fn];
    // Parameters again at EXIT: an object parameter's fields may have changed (account.balance).
    const params = info?.params ?? [];
    for (let i = 0; i < params.length; i++) captureInto(vars, params[i], act.args[i], this.options.depth - 1, new Set());
    if (info?.kind !== 'constructor') captureInto(vars, 'return', value, this.options.depth - 1, new Set());
    if (act.thisValue !== undefined) captureInto(vars, 'this', act.thisValue, this.options.depth, new Set());
    this.writer.write({ e: 'ex', a: act.id, f: act.fn, x: line, v: vars });
  }

  /** `return value` at `line`. An async function's promise result is recorded when it settles. */
  rt<T>(act: Activation, value: T, line: number): T {
    if (act.exited) return value;
    act.exited = true;
    this.open--;
    const isAsync = this.functions[act.fn]?.async;
    // Only plain promises are followed: `instanceof` ran Proxy traps, `then` on a subclass ran its
    // constructor (transparency suite); anything else is recorded as returned.
    if (isAsync && isPlainPromise(value)) {
      PROMISE_THEN.call(
        value,
        (settled: unknown) => this.recordExit(act, settled, line),
        (error: unknown) => this.recordThrow(act, error),
      );
    } else {
      this.recordExit(act, value, line);
    }
    return value;
  }

  private recordThrow(act: Activation, error: unknown): void {
    const vars: TraceVars = {};
    if (act.thisValue !== undefined) captureInto(vars, 'this', act.thisValue, this.options.depth, new Set());
    this.writer.write({ e: 'exc', a: act.id, f: act.fn, err: encodeError(error, false), v: vars });
  }

  /** An exception leaves the function. */
  ex(act: Activation, error: unknown): void {
    if (act.exited) return;
    act.exited = true;
    this.open--;
    this.recordThrow(act, error);
  }

  /** The function's last segment ends (its `finally`). */
  lv(act: Activation): void {
    if (!act.exited) {
      act.exited = true;
      this.open--;
      this.recordExit(act, undefined, 0);
    }
    this.settlePending(act, true);
    this.current = act.prev;
    if (act.atomicTask !== undefined) {
      this.scheduler?.atomicExit(act.atomicTask, act.fn);
      act.atomicTask = undefined;
    }
    this.scheduler?.progress();
  }

  // ---- inline callbacks ---------------------------------------------------------------------

  cb(act: Activation | undefined): CallbackFrame {
    const running = this.current;
    const task = running?.callback;
    if (task && (!('lexical' in task) || task.lexical === act)) {
      // The callback a callback task runs (or one nested in it, written in the same function):
      // it runs as that task, not as the function it is written in, which registered it.
      task.lexical = act;
      return { act: running, prev: running };
    }
    const frame = { act, prev: running };
    this.current = act;
    return frame;
  }

  /** An async function of test code starts (awaits-only instrumentation): a callback frame
   *  that, without an activation around it, is a task of its own under the scheduler. */
  ct(act: Activation | undefined): CallbackFrame {
    const frame = this.cb(act);
    if (!act && this.scheduler) frame.task = -++this.testTasks;
    return frame;
  }

  lc(frame: CallbackFrame): void {
    this.current = frame.prev;
  }

  // ---- suspension points --------------------------------------------------------------------

  /** Before `await value` (or `yield`): the activation suspends; control returns to what ran
   *  before this segment. */
  aw<T>(frame: Frame, site: number, value: T): T {
    return this.suspend(frame, site, value, undefined);
  }

  private suspend<T>(frame: Frame, site: number, value: T, child: Activation | undefined): T {
    const act = frame.act;
    this.settlePending(act, false);
    if (act) this.writer.write({ e: 'aw', a: act.id, s: site });
    if (act && frame === act && !act.suspended) {
      act.suspended = true;
      if (act.prev === act.parent && act.parent) this.pending = act;
    }
    this.current = frame.prev;
    const scheduler = this.scheduler;
    if (!scheduler || this.siteKinds[site] !== 'await') return value;
    // Under the controlled scheduler the code awaits the scheduler's gate instead (scheduler.ts).
    const known = typeof value === 'object' && value !== null ? this.dependentPromises.get(value) : undefined;
    if (child && typeof value === 'object' && value !== null) this.dependentPromises.set(value, child);
    const lock = act?.lastLock;
    return scheduler.park(act, site, value, {
      ...taskOfFrame(frame),
      child: child ?? (known === true ? undefined : known),
      // An await of test code (outside `include`, no activation) while instrumented activations
      // are open: its operand waits for them (pitfall 1), not for I/O.
      dependent: known === true || (!act && this.open > 0),
      ...(lock !== undefined && lock !== null && typeof lock === 'object' ? { lock: identityOf(lock) } : {}),
    }) as T;
  }

  /** `await f(…)`: the operand is the call itself, so a child that just suspended is awaited
   *  directly and stays in this task. */
  ac<T>(frame: Frame, site: number, value: T): T {
    const pending = this.pending;
    const child = pending && pending.parent === frame.act ? pending : undefined;
    this.settlePending(frame.act, true);
    return this.suspend(frame, site, value, child);
  }

  /** A scheduling point that is not an await (emitted in scheduled runs only): an async
   *  generator resumed after `yield` / `yield*`, a `for await` iteration starting, a `for await`
   *  loop ending. The continuation parks exactly like an await's (its `aw` was recorded before
   *  the yield / the next() call; `rs` follows once the scheduler released it). `value` comes
   *  back in a box the code unwraps (`(await sp(…)).v`): what next(value) sent reaches the
   *  generator as it was, a thenable included. Without a scheduler: the box itself. */
  sp<T>(frame: Frame, site: number, value: T): { v: T } | Promise<unknown> {
    const box = Object.create(null) as { v: T };
    box.v = value;
    const scheduler = this.scheduler;
    if (!scheduler) return box;
    return scheduler.park(frame.act, site, box, taskOfFrame(frame));
  }

  /** After the await (or yield) resumes. */
  rs<T>(frame: Frame, site: number, value: T): T {
    frame.prev = this.current;
    this.current = frame.act;
    if (frame.act) this.writer.write({ e: 'rs', a: frame.act.id, s: site });
    this.scheduler?.resumed(frame.act);
    return value;
  }

  /** Entering a catch or finally block of a function with suspension points: an await that threw
   *  skipped `rs`. */
  rc(frame: Frame): void {
    if (this.current !== frame.act) {
      frame.prev = this.current;
      this.current = frame.act;
    }
  }

  /** `await lock.acquire()` resumed: the lock is held; wrap the release function it returns. */
  rl<T>(frame: Frame, site: number, value: T, given: unknown): T {
    this.rs(frame, site, value);
    // The lock is the one this activation asked for just before suspending (`mc` saw the call).
    const lock = given ?? frame.act?.lastLock;
    if (frame.act) frame.act.lastLock = undefined;
    if (!this.isLock(lock)) return value;
    const lockId = identityOf(lock as object);
    this.writer.write({ e: 'lk', a: frame.act?.id ?? null, s: site, op: 'acquired', lock: lockId });
    this.scheduler?.lockAcquired(frame.act, lockId);
    const wrap = (release: unknown) =>
      typeof release === 'function'
        ? (...args: unknown[]) => {
            this.writer.write({ e: 'lk', a: this.current?.id ?? null, s: site, op: 'release', lock: lockId });
            this.scheduler?.lockReleased(this.current, lockId);
            return (release as (...a: unknown[]) => unknown)(...args);
          }
        : release;
    if (typeof value === 'function') return wrap(value) as T;
    if (Array.isArray(value) && value.length === 2 && typeof value[1] === 'function') return [value[0], wrap(value[1])] as T;
    return value;
  }

  // ---- field accesses (only emitted when options.fields) ------------------------------------

  /** Writes one access and tells the scheduler (ATOMFUZZER's conflict checks). `v`: the value
   *  read or written, when known without running user code; `ek`: a collection's element key. */
  private access(kind: 'rd' | 'wr' | 'up', obj: number, key: string, site: number, v?: TraceValue, ek?: unknown, object?: object): void {
    const act = this.current;
    this.settlePending(act, false);
    const event: FieldEvent = { e: kind, a: act ? act.id : null, s: site, obj, k: key };
    if (v !== undefined) event.v = v;
    if (typeof ek === 'string' || typeof ek === 'number') event.ek = ek;
    this.writer.write(event);
    // A lock's own fields (a config lock class's state, its wait set) are the lock operations the
    // scheduler already models, not data: for Lipton they are movers, never a conflict.
    if (this.scheduler?.strategy.wantsAccesses && (object === undefined || !this.isLock(object))) {
      this.scheduler.accessed(act ?? this.lockOwner, kind !== 'rd', obj, key, site);
    }
  }

  private field(kind: 'rd' | 'wr' | 'up', object: unknown, key: string, site: number, v?: TraceValue): void {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return;
    this.access(kind, identityOf(object), key, site, v, undefined, object);
  }

  /** `o.p` read. A collection's `size` / an array's `length` is a read of its contents (`[]`, the
   *  key its mutating calls write). `v`: the value, when it is a data property (no getter runs). */
  rd<T>(object: T, key: string, site: number): T {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return object;
    if ((key === 'size' || key === 'length') && isCollection(object)) {
      this.access('rd', identityOf(object), '[]', site, sizeOf(object));
    } else {
      this.field('rd', object, key, site, peekValue(object, key));
    }
    return object;
  }

  wr<T>(object: T, key: string, site: number): T {
    this.field('wr', object, key, site);
    return object;
  }

  /** `o.p = value` where `o` is `this` or a variable (evaluating it again runs nothing): recorded
   *  once the value is known, after the right-hand side's own accesses. Returns `value`. */
  wv<T>(object: unknown, key: string, site: number, value: T): T {
    this.field('wr', object, key, site, encodeScalar(value, false));
    return value;
  }

  up<T>(object: T, key: string, site: number): T {
    this.field('up', object, key, site);
    return object;
  }

  /** `receiver.method(…)` of a reading method (get, has, forEach, includes, …): on a Map, Set or
   *  Array a read of its contents. `key`: the first argument when the call passes a variable or
   *  a literal there (get / has / at), which is also the element key. */
  cr<T>(receiver: T, site: number, method: string, key?: unknown): T {
    if (receiver === null || typeof receiver !== 'object' || !isCollection(receiver)) return receiver;
    // No key passed (not a literal or variable): no value either (get(undefined) is no lookup of it).
    const keyed = arguments.length > 3;
    this.access('rd', identityOf(receiver), '[]', site, keyed ? elementValue(receiver, method, key) : undefined, key);
    return receiver;
  }

  /** `a[i]` read on an Array (`i`: a variable or literal, else absent): a read of its contents. */
  ri<T>(array: T, site: number, index?: unknown): T {
    if (isArraySafe(array)) this.access('rd', identityOf(array), '[]', site, elementValue(array, '[]', index), index);
    return array;
  }

  /** `a[i] = v` / `a[i] += v` on an Array: a write (update) of its contents. */
  wi<T>(array: T, site: number, kind: 'wr' | 'up', index?: unknown): T {
    if (isArraySafe(array)) this.access(kind, identityOf(array as object), '[]', site, undefined, index);
    return array;
  }

  /** Iteration over a collection (for…of, spread, array destructuring): a read of its contents. */
  it<T>(iterable: T, site: number): T {
    if (iterable !== null && typeof iterable === 'object' && isCollection(iterable)) this.access('rd', identityOf(iterable), '[]', site);
    return iterable;
  }

  // ---- external resources (resources.ts; only with options.fields) --------------------------

  /** Declares a site found at run time (a resource access's or a callback registration's
   *  caller). A callback site comes with a function of its own, the callback's runs. */
  declareSite(file: string, line: number, col: number, kind: 'read' | 'write' | 'callback', name: string): number {
    const site = this.siteCount++;
    this.siteKinds[site] = kind;
    this.siteKeys[site] = siteKey(file, line, col);
    this.writer.write({ e: 'site', i: site, file, line, col, k: kind, name });
    if (kind === 'callback') {
      const fn = this.functions.length;
      const fnName = `${name} callback (line ${line})`;
      this.functions.push({ params: [], async: false, kind: 'callback', key: functionKey(fnName, file, line) });
      this.callbackFns.set(site, fn);
      this.writer.write({ e: 'fn', i: fn, name: fnName, file, line, kind: 'callback', async: false });
    }
    return site;
  }

  // ---- callback tasks (callbacks.ts) ---------------------------------------------------------

  /** The activation whose code runs now: it registers a callback. */
  get running(): Activation | undefined {
    return this.current;
  }

  /** A run of the callback registered at `site` by `registrant`: a task of its own, spawned by
   *  the registering task (DESIGN §2), so traces, violations and strategies see it as one. */
  callbackActivation(site: number, registrant: Activation | undefined): Activation {
    const act = {
      id: CALLBACK_IDS + ++this.callbackTasks,
      parent: registrant,
      fn: this.callbackFns.get(site) ?? -1,
      thisValue: undefined,
      exited: false,
      suspended: false,
      prev: undefined,
      args: [],
      spawned: true,
      callback: {},
    } as unknown as Activation;
    act.act = act;
    return act;
  }

  /** Runs `fn` as the callback task `act` (entered, spawned, exited when `fn` returns). */
  runCallback<T>(act: Activation, fn: () => T): T {
    const prev = this.current;
    act.prev = prev;
    this.writer.write({ e: 'en', a: act.id, p: act.parent ? act.parent.id : null, f: act.fn, o: ++this.callOrder, v: {} });
    this.writer.write({ e: 'spawn', a: act.id });
    this.open++;
    this.current = act;
    try {
      return fn();
    } finally {
      act.exited = true;
      this.open--;
      this.writer.write({ e: 'ex', a: act.id, f: act.fn, x: 0, v: {} });
      this.current = prev;
      this.scheduler?.progress();
    }
  }

  /** An access of a file, directory listing or port: object 0, "the outside world". */
  resource(kind: 'rd' | 'wr', key: string, site: number, v?: TraceValue): void {
    this.access(kind, OUTSIDE_WORLD, key, site, v);
  }

  /** `receiver.method(…)`: a mutating call on an Array/Map/Set is a write of the receiver; a lock
   *  method is a lock event. Returns the receiver, so `this` of the call is unchanged. */
  mc<T>(receiver: T, method: string, site: number, key?: unknown): T {
    if (receiver === null || typeof receiver !== 'object') return receiver;
    // types.isMap/isSet, not instanceof: no Proxy trap runs (Array.isArray runs none, but throws
    // on a revoked Proxy).
    if (MUTATING_METHODS.has(method) && (isArraySafe(receiver) || types.isMap(receiver) || types.isSet(receiver))) {
      // A Map / Set entry's key names the entry written (an array's push/splice has none).
      const keyed = arguments.length > 3 && !isArraySafe(receiver);
      this.access('wr', identityOf(receiver), '[]', site, undefined, keyed ? key : undefined, receiver);
    } else if (this.isLock(receiver)) {
      const lock = identityOf(receiver as object);
      const op = this.lockOp(receiver, method);
      if (op) this.writer.write({ e: 'lk', a: this.current?.id ?? null, s: site, op, lock });
      if (op && this.scheduler && this.insideLockObject(this.current)) this.scheduler.internalLock(lock);
      if (op === 'request' && this.current) this.current.lastLock = receiver;
      if (op === 'request') this.scheduler?.lockRequested(this.current, lock);
      else if (op === 'release') this.scheduler?.lockReleased(this.current, lock);
    }
    return receiver;
  }

  /** `await receiver.method(…args)` where `method` is an acquire method (async-mutex `acquire`,
   *  a config lock's): recorded as `mc` does; under the controlled scheduler the call is a
   *  scheduling point — made once the scheduler granted the lock (scheduler.acquire). Emitted only
   *  for scheduled runs (InstrumentOptions.scheduled). */
  aq(receiver: unknown, method: string, site: number, ...args: unknown[]): unknown {
    const target = receiver as Record<string, (...a: unknown[]) => unknown>;
    this.mc(receiver, method, site);
    const requester = this.current;
    const scheduler = this.scheduler;
    if (scheduler && requester && requester.lastLock === receiver && receiver !== null && typeof receiver === 'object') {
      const gate = scheduler.acquire(requester, site, identityOf(receiver));
      // The call runs from a microtask, but it is still the requester's call: its activation's
      // parent (call tree, call orders, the scheduler's task) is the requester, which awaits it
      // through the gate's promise — joined, never a spawn.
      return PROMISE_THEN.call(gate, () => {
        const before = this.current;
        this.current = requester;
        try {
          return target[method](...args);
        } finally {
          this.settlePending(requester, true);
          this.current = before;
        }
      });
    }
    return target[method](...args);
  }

  /** `lock.runExclusive(callback, …)`: the callback is wrapped to record acquired / release;
   *  the call itself (receiver, arguments, returned promise) is unchanged. */
  rx(receiver: unknown, site: number, callback: unknown, ...rest: unknown[]): unknown {
    const target = receiver as { runExclusive: (...args: unknown[]) => unknown };
    if (!this.isLock(receiver) || typeof callback !== 'function') return target.runExclusive(callback, ...rest);
    const lock = identityOf(receiver as object);
    const requester = this.current;
    if (this.scheduler && this.insideLockObject(requester)) this.scheduler.internalLock(lock);
    this.settlePending(requester, false);
    this.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'request', lock });
    this.scheduler?.lockRequested(requester, lock);
    const release = () => {
      this.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'release', lock });
      this.scheduler?.lockReleased(requester, lock);
    };
    const recorder = this;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      recorder.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'acquired', lock });
      recorder.scheduler?.lockAcquired(requester, lock);
      let result: unknown;
      const owner = recorder.lockOwner;
      recorder.lockOwner = requester;
      try {
        // Reflect.apply, not callback.apply: that read a property of the user's function.
        result = Reflect.apply(callback as (...a: unknown[]) => unknown, this, args);
      } catch (error) {
        release();
        throw error;
      } finally {
        recorder.lockOwner = owner;
      }
      if (isPlainPromise(result)) PROMISE_THEN.call(result, release, release);
      else release();
      return result;
    };
    const scheduler = this.scheduler;
    if (scheduler && requester) {
      // Under the controlled scheduler the request is a scheduling point: runExclusive is called
      // once the scheduler granted the lock (it is free then, so the library takes it at once).
      // A synchronous callback holds the lock for one segment only (ATOMFUZZER defers those).
      const gate = scheduler.acquire(requester, site, lock, !types.isAsyncFunction(callback));
      const result = PROMISE_THEN.call(gate, () => target.runExclusive(wrapped, ...rest)) as Promise<unknown>;
      this.dependentPromises.set(result, true);
      return result;
    }
    const result = target.runExclusive(wrapped, ...rest);
    if (scheduler && typeof result === 'object' && result !== null) this.dependentPromises.set(result, true);
    return result;
  }

  // ---- locks -------------------------------------------------------------------------------

  /** The activation runs a method of a config lock object, or is called from one (a Monitor's
   *  enter() inside Chopstick.pickup): its own lock operations implement that lock. */
  private insideLockObject(act: Activation | undefined): boolean {
    for (let a = act; a; a = a.parent) if (this.isConfigLock(a.thisValue)) return true;
    return false;
  }

  /** An instance of a config lock class (by constructor name). */
  private isConfigLock(value: unknown): boolean {
    if (value === null || typeof value !== 'object') return false;
    const name = constructorNameOf(value);
    return this.options.locks.some((lock) => lock.export === name);
  }

  private isLock(value: unknown): boolean {
    if (value === null || typeof value !== 'object') return false;
    // async-mutex Mutex / Semaphore / withTimeout(...) objects, by shape (they may come from any
    // copy of the package); config lock classes by constructor name. Read with peekProperty: this
    // runs for every `x.release()` / `x.acquire()` (and, with fields, `x.add()`, `x.set()`…) on
    // any receiver, and plain reads ran Proxy traps and getters (transparency suite).
    if (typeof peekProperty(value, 'runExclusive') === 'function' && typeof peekProperty(value, 'acquire') === 'function' &&
        typeof peekProperty(value, 'isLocked') === 'function') return true;
    return this.isConfigLock(value);
  }

  private lockOp(lock: unknown, method: string): 'request' | 'release' | undefined {
    const name = constructorNameOf(lock as object);
    const configured = this.options.locks.find((l) => l.export === name);
    if (configured) return method === configured.acquire ? 'request' : method === configured.release ? 'release' : undefined;
    if (method === 'acquire' || method === 'runExclusive' || method === 'waitForUnlock') return 'request';
    if (method === 'release' || method === 'cancel') return 'release';
    return undefined;
  }

  // ---- process end --------------------------------------------------------------------------

  error(kind: 'uncaught' | 'unhandled-rejection', error: unknown): void {
    // With an 'uncaughtException' handler of the program's own, the program goes on (and may
    // still change the error before printing it): no stack then.
    this.writer.write({ e: 'err', kind, err: encodeError(error, process.listenerCount('uncaughtException') === 0) });
    this.writer.flush();
  }

  close(end: Omit<EndEvent, 'e' | 'events'>): void {
    this.writer.close({ e: 'end', events: this.writer.count + 1, ...end });
  }

  get tracePath(): string {
    return this.writer.path;
  }
}
