// The recorder's shared state and what every event kind needs: the trace writer, the registered
// functions and sites (module registration, sites found at run time), the activation running now,
// and the spawn decision for an async activation that just suspended (DESIGN §2). Each event kind
// the instrumented code reports is a layer on top of this (calls.ts, callback-tasks.ts, awaits.ts,
// locks.ts, fields.ts, collections.ts); runtime/recorder.ts is the finished Recorder.
import { types } from 'node:util';
import { encodeScalar, isPlainData, peekProperty, varKeyOf, type VarKey } from '../value-capture.js';
import type { PromiseMade, TraceEvent, TraceValue } from '../trace-events.js';
import { TraceWriter } from '../trace-writer.js';
import type { Scheduler } from '../scheduler.js';
import { contextHash, functionKey, ROOT_CONTEXT, siteKey } from '../calling-context.js';

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
  /** Await sites (`file:line:column`) of a library's call: prompt when settled at once. */
  prompts?: string[];
}

export interface FunctionInfo {
  params: string[];
  /** The params' names and JSON key texts (`"amount":`), for ENTER and EXIT's variables text. */
  paramKeys: VarKey[];
  async: boolean;
  kind: string;
  /** calling-context.ts functionKey. */
  key: string;
  /** Its name's last part (`take` of `Pool.take`): what an awaited call of it names (awaits.ts). */
  method?: string;
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
  /** It runs a lock object's own method, or is called from one (locks.ts insideLockObject). */
  inLock?: boolean;
  /** Inside a lock object, it just asked an inner lock for a grant: its next await is one. */
  innerGrant?: boolean;
  /** The recorder saw it spawned: it starts a task (the scheduler's task identity). */
  spawned?: boolean;
  /** An atomic block (ATOMFUZZER): the task it was counted for at its start. */
  atomicTask?: number | null;
  /** A callback's run (callbacks.ts): a task of its own. `lexical`: the activation its inline
   *  function is written in, once its first frame named it (its nested callbacks run as it). */
  callback?: { lexical?: Activation | undefined };
  /** Its calling-context hash (calling-context.ts), computed when first asked for. */
  ctx?: string;
  /** An async function's `return` gave a thenable (or may have): its promise settles with that
   *  one, not when the function ends. */
  adopts?: boolean;
  /** Scheduled runs: the thenable its `return` gave is a promise a `new Promise(…)` of
   *  instrumented code made (awaits.ts `np`), so an await of its call waits for that one. */
  made?: PromiseMade;
}

/** Callback tasks' activation ids start here: they are handed out as callbacks run, whose order
 *  depends on when I/O completed, so they stay out of the ids of calls (await keys use those). */
export const CALLBACK_IDS = 1_000_000_000;

/** An inline callback's frame: it runs as `act`, the function it is written in. */
export interface CallbackFrame {
  act: Activation | undefined;
  prev: Activation | undefined;
  /** A call of an async function of test code (no activation): its task id for the scheduler's
   *  strategies, negative so it never equals an activation's. */
  task?: number;
}

export type Frame = Activation | CallbackFrame;

export const PROMISE_THEN = Promise.prototype.then;

/** Whether an async function's promise may wait for `value` (a thenable it returned). Reads no
 *  property through a getter or a Proxy trap: a proxy counts as a thenable. */
export function mayBeThenable(value: unknown): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  if (types.isProxy(value)) return true;
  for (let o: object | null = value, depth = 0; o !== null; o = Reflect.getPrototypeOf(o), depth++) {
    if (depth > 16 || types.isProxy(o) || Object.prototype.hasOwnProperty.call(o, 'then')) return true;
  }
  return false;
}

/** A native promise whose `then` we may call without running user code: not a Proxy (its traps),
 *  not a subclass (PROMISE_THEN would construct one through Symbol.species). */
export function isPlainPromise(value: unknown): value is Promise<unknown> {
  return types.isPromise(value) && !types.isProxy(value) && Reflect.getPrototypeOf(value) === Promise.prototype &&
    !Object.prototype.hasOwnProperty.call(value, 'constructor');
}

/** Node's own Error.prepareStackTrace (Node 20 defines one), as found when the recorder loads,
 *  before any user code: formatting with it runs no user code. */
const INITIAL_PREPARE_STACK_TRACE = peekProperty(Error, 'prepareStackTrace');

/** The park info's `task` of a test-code frame (scheduler.ts ParkInfo.task). */
export const taskOfFrame = (frame: Frame): { task?: number } =>
  frame.act === undefined && (frame as CallbackFrame).task !== undefined ? { task: (frame as CallbackFrame).task } : {};

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `withStack` only at the process's end (uncaught error, unhandled rejection): V8 formats `stack`
 *  on its first read and freezes its first line then, so reading it while the program runs on
 *  changed what the program later sees — the common `err.message = \`context: ${err.message}\``
 *  before a rethrow kept the old message in the printed stack (transparency suite). */
export function encodeError(error: unknown, withStack: boolean): TraceValue | { $: 'error'; name: string; message: string; stack?: string } {
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

export function constructorNameOf(value: object): string | undefined {
  const ctor = peekProperty(value, 'constructor');
  const name = typeof ctor === 'function' ? peekProperty(ctor, 'name') : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** A row of a module's function table (instrument-transformer.ts). */
type FunctionRow = [name: string, line: number, kind: string, async: 0 | 1, params: string[]];
/** A row of a module's site table. */
type SiteRow = [line: number, col: number, kind: string, name?: string, on?: string];

export class RecorderBase {
  protected readonly writer: TraceWriter;
  protected readonly functions: FunctionInfo[] = [];
  protected siteCount = 0;
  protected activationCount = 0;
  protected callOrder = 0;
  /** Calls of test code's async functions seen (their task ids are the negated count). */
  protected testTasks = 0;
  /** The activation whose code is running now (undefined: uninstrumented code, the event loop). */
  protected current: Activation | undefined;

  /** Whether the program's own (instrumented) code is running: what it does between two
   *  scheduling points follows from the schedule, unlike the runner's code around it. */
  get inProgram(): boolean {
    return this.current !== undefined;
  }
  /** The requester of the runExclusive callback running now: a callback the library calls after
   *  its requester returned (`return m.runExclusive(() => this.x)`) runs with no current
   *  activation; ATOMFUZZER's conflict check still needs its task. */
  protected lockOwner: Activation | undefined;
  /** An async activation that has just suspended for the first time, returning to its caller;
   *  decided on the caller's next move (await it directly → same task, anything else → spawn). */
  protected pending: Activation | undefined;
  /** An async activation of the program that just ran to its end without suspending (and
   *  returned no thenable): its promise is settled, so an `await` of its call right after waits
   *  for no I/O (awaits.ts `ac`). Cleared by the next function leave or suspension. */
  protected settledCall: Activation | undefined;
  /** An async activation of the program that just returned, without suspending, a promise made by
   *  a `new Promise(…)` (Activation.made): an `await` of its call right after waits for that one.
   *  Cleared as `settledCall` is. */
  protected madeCall: Activation | undefined;
  /** Site kinds by site index: `await` sites are scheduling points through `aw`; `yield` and
   *  `for-await` sites through `sp`. */
  protected readonly siteKinds: string[] = [];
  /** Await sites of a call, by site index: the callee's last part as written (`take` of
   *  `await this.pool.take()`), to tell that an activation is the awaited call's (awaits.ts). */
  protected readonly awaitedCallees = new Map<number, string>();
  /** Site keys (`file:line:col`) by site index, for the assetfuzzer strategy's matching. */
  protected readonly siteKeys: string[] = [];
  /** The controlled scheduler, when the run has one (install.ts). */
  scheduler: Scheduler | undefined;
  /** Whether the project's code (program or tests) called `below` (resources.ts ProjectSites):
   *  test code's Math.random draws are seeded, the runner's and libraries' are not. */
  calledFromProject: ((below: Function) => boolean) | undefined;
  /** ATOMFUZZER's atomic blocks: the static names from the schedule settings, and the indexes
   *  of the registered functions that carry one. */
  protected readonly atomicNames: Set<string>;
  protected readonly atomicFns = new Set<number>();
  protected readonly entrySites: Set<string>;
  private readonly promptKeys: Set<string>;
  /** Site ids of `promptKeys` (awaits.ts suspend). */
  protected readonly promptSites = new Set<number>();
  /** Activations entered and not exited yet. */
  protected open = 0;
  /** Callback sites → their callback function (kind 'callback'), and the callback tasks run. */
  protected readonly callbackFns = new Map<number, number>();
  protected callbackTasks = 0;
  /** Promises known to wait for other instrumented work: runExclusive results, promises of
   *  activations awaited before (a later `await p` of the same promise is not I/O). */
  protected readonly dependentPromises = new WeakMap<object, Activation | true>();
  /** Scheduled runs: promises made by a `new Promise(…)` of instrumented code, with their site and
   *  the activation that made them (awaits.ts `np`), for a hang's story. */
  protected readonly madePromises = new WeakMap<object, PromiseMade>();
  /** Promises whose settlement is a channel (fields.ts `ns`), and per `new Promise` site the keys
   *  `ns` made for the `np` that follows its constructor. */
  protected readonly promiseChannels = new WeakMap<object, string>();
  protected readonly madeChannels = new Map<number, string[]>();
  protected promiseCount = 0;

  constructor(protected readonly options: RecorderOptions) {
    this.writer = new TraceWriter(options.runDir, options.fields);
    this.atomicNames = new Set(options.atomic ?? []);
    this.entrySites = new Set(options.entries ?? []);
    this.promptKeys = new Set(options.prompts ?? []);
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

  /** Declares a module's functions and sites; returns [first function index, first site index].
   *  The instrumenter passes the two tables as JSON text (issue 33); arrays are taken as well. */
  m(file: string, fnTable: string | FunctionRow[], siteTable: string | SiteRow[]): [number, number] {
    const fns: FunctionRow[] = typeof fnTable === 'string' ? JSON.parse(fnTable) : fnTable;
    const sites: SiteRow[] = typeof siteTable === 'string' ? JSON.parse(siteTable) : siteTable;
    const fnBase = this.functions.length;
    fns.forEach(([name, line, kind, isAsync, params], k) => {
      this.functions.push({ params, paramKeys: params.map(varKeyOf), async: isAsync === 1, kind, key: functionKey(name, file, line), method: name.slice(name.lastIndexOf('.') + 1) });
      if (this.atomicNames.has(name)) this.atomicFns.add(fnBase + k);
      this.writer.write({ e: 'fn', i: fnBase + k, name, file, line, kind, async: isAsync === 1 });
    });
    const siteBase = this.siteCount;
    sites.forEach(([line, col, kind, name, on], k) => {
      this.siteKinds[siteBase + k] = kind;
      this.siteKeys[siteBase + k] = siteKey(file, line, col);
      if (kind === 'await' && name) this.awaitedCallees.set(siteBase + k, name.slice(name.lastIndexOf('.') + 1));
      if (this.entrySites.has(`${file}:${line}:${col}`)) this.scheduler?.entrySites.add(siteBase + k);
      if (this.promptKeys.size && this.promptKeys.has(`${file}:${line}:${col}`)) this.promptSites.add(siteBase + k);
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
      this.functions.push({ params: [], paramKeys: [], async: false, kind: 'callback', key: functionKey(fnName, file, line) });
      this.callbackFns.set(site, fn);
      this.writer.write({ e: 'fn', i: fn, name: fnName, file, line, kind: 'callback', async: false });
    }
    return site;
  }

  /** An async activation that suspended for the first time is decided on its caller's next move:
   *  awaited directly (`joined`) it stays in the caller's task, anything else spawns a task. */
  protected settlePending(actor: Activation | undefined, joined: boolean): void {
    const pending = this.pending;
    if (!pending || pending.parent !== actor) return;
    this.pending = undefined;
    if (!joined) {
      pending.spawned = true;
      this.writer.write({ e: 'spawn', a: pending.id });
    }
  }
}
