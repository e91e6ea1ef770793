// The controlled scheduler (DESIGN §7 "Controlling interleavings"), inside the test process and
// only when CONLENS_TRACE carries `schedule`. Every instrumented `await x` calls the recorder's
// `aw`, which hands the operand to `park`: the returned gate promise is what the code awaits. An
// async generator's resumption after `yield` / `yield*` and each `for await` iteration (and the
// loop's exit) park the same way, through the recorder's `sp` (their operand is already there).
//   (a) the operand settles for real (I/O and timers complete; an operand that is the promise of a
//       still-running instrumented activation simply is not ready yet — pitfall 1);
//   (b) the continuation stays parked until the scheduler releases it: once the microtask queue
//       has drained (a setImmediate turn, so no instrumented code is running) the strategy picks
//       ONE ready continuation and releases it. One task runs at a time between awaits.
// Progress is counted as park / settle / release / exit, not parks (pitfall 2). When nothing is
// ready and nothing happened for `stallMs` (pitfall 3) the scheduler decides: the parked tasks'
// lock requests form a wait-for cycle (a lock table kept from the lock events, pitfall 5) → a
// deadlock, otherwise a hang; it records that (a `stall` event), says so on stderr and ends the
// process with exit code 1, so a stuck test never outlives the stall time.
// Each decision is a `sched` trace event; the `replay` strategy reproduces a recorded sequence.
import { types } from 'node:util';
import { processKey } from './process-key.js';
import { DEBUG_DECISIONS, debugDecision, rekeyDebugDecisions } from './debug-decision.js';
import type { ScheduleSettings } from '../instrument/instrument-config.js';
import type { PromiseMade, SchedEvent, StallEvent, TraceEvent, WaitForEdge } from './trace-events.js';
import { AssetFuzzerStrategy, AtomFuzzerStrategy, PctStrategy, RandomStrategy, ReplayStrategy, SystematicStrategy, type Candidate, type Strategy } from './strategies/index.js';
import { seededMathRandom, seedWithKey } from './strategies/strategy.js';
import { LoopClock, mustPrecede, realNow, type LoopOrder } from './event-loop-order.js';
import { LockTable, taskOf } from './lock-table.js';

export { processKey };

/** What the scheduler needs of an activation (recorder.ts's Activation has it). */
export interface ScheduledActivation {
  id: number;
  parent: ScheduledActivation | undefined;
  exited: boolean;
  /** Set when the recorder saw it spawned: it starts a task. */
  spawned?: boolean;
  /** An async activation that returned a promise a `new Promise(…)` made: where (a hang's story). */
  made?: PromiseMade;
}

/** What the recorder knows about an await when it parks it. */
export interface ParkInfo {
  /** `await f()` where f is an instrumented async activation that suspended: the operand is its
   *  promise, ready only after f's own continuations ran. */
  child?: ScheduledActivation;
  /** `await lock.acquire()`: the lock (identity) this activation asked for just before. */
  lock?: number;
  /** The operand is known to depend on other parked continuations (runExclusive's promise, the
   *  promise of an open activation seen before). */
  dependent?: boolean;
  /** The task of a continuation without an activation: a call of an async function of test
   *  code (recorder `ct`, a negative id). */
  task?: number;
  /** The operand settles with no I/O in Node: `always` a lock's grant (the await after a
   *  request: at once, or when the holder hands the lock over); `if-immediate` an await inside a
   *  lock's own methods, when its operand settles before the scheduler's next turn (no timer or
   *  I/O came between). Once ready it runs before anything else, in the order the operands
   *  settled — as Node's microtask queue runs it (docs/how-it-works.md, real Node orders). */
  prompt?: 'always' | 'if-immediate';
  /** A delay the user declared (`concurrently`'s task starts): a free choice, labelled as an
   *  assumption like mocked I/O, never an await of a plain value. */
  deliberate?: boolean;
  /** The operand is a promise a `new Promise(…)` of instrumented code made (or the awaited call
   *  returned one): where, and by which activation. Only a stall reads it. */
  made?: PromiseMade;
  /** The awaited call's activation, which suspended before it returned: its `made`, once it
   *  returned a promise a `new Promise(…)` made, is the operand's (read at a stall). */
  madeBy?: ScheduledActivation;
}

/** A parked macrotask callback (callbacks.ts): delay injection under event-loop-order.ts. */
interface ParkedCallback {
  /** `c<registration>.<firing>`: stable across runs that take the same decisions (the
   *  activation ids of callback tasks are not: they depend on when I/O completed). */
  key: string;
  loop: LoopOrder;
  /** The registration (a timer, a listener): cancelling it drops what it has parked. */
  token: object;
}

/** A registered callback Node has not run yet, which the decisions wait for like awaited I/O. */
interface ExpectedCallback {
  /** Tells a decision's candidate apart from a parked Entry (Choice). */
  readonly kind: 'expected';
  /** Its place in `Scheduler.expectedList`. */
  index: number;
  /** The registration (the key of `Scheduler.expected`). */
  token: object;
  key: string;
  site: number;
  /** Candidate order, taken at registration (so a callback's place among the candidates does not
   *  depend on when its I/O completed). */
  seq: number;
  /** realNow() by which it is expected (undefined: not a candidate, e.g. a long timer). */
  deadline: number | undefined;
  by: ScheduledActivation | undefined;
  /** Its place in the loop's queues: a callback it precedes waits. */
  loop: LoopOrder;
  /** Its candidate, built at the first decision that offers it. */
  candidate?: Candidate;
}

/** A decision's candidate: a parked continuation or callback, or a callback expected soon (no
 *  wrapper object per candidate: a decision is taken for every callback, issue 33). */
type Choice = Entry | ExpectedCallback;

interface Entry {
  kind?: undefined;
  seq: number;
  /** The candidate's key (`<activation>@<site>`, `c<registration>.<firing>@<site>`). */
  key: string;
  /** A callback's candidate, the same at every decision (callbackCandidate). */
  candidate?: Candidate;
  callback?: ParkedCallback;
  act: ScheduledActivation | undefined;
  site: number;
  info: ParkInfo;
  parkedAt: number;
  /** The scheduler's event clock when it became ready (its operand settled; a callback or a lock
   *  request: when it parked). */
  readyAt: number;
  /** Its operand was no promise and had nothing to wait for (`await false`, `await map.get(k)`):
   *  Node resumes it in the microtasks of the turn it parked in (tick: "Real Node orders"). */
  instant?: boolean;
  state: 'pending' | 'ready';
  /** It runs before anything else once ready (ParkInfo.prompt, decided when it settles). */
  prompt?: boolean;
  /** The scheduler's turn it parked in. */
  turn?: number;
  /** Its operand (a promise) settled within the turn it parked in: no I/O or timer came between
   *  (a settled promise, a test's stand-in for I/O). Delaying it past other work is the mocked-I/O
   *  model, and a finding that rests on it says so (SchedEvent.m). */
  atOnce?: boolean;
  /** Its operand settled outside the scheduler's steps (in a timer or I/O callback Node ran
   *  itself, a library's): the run of microtasks it settled in. Node resumes the continuations
   *  settled in one such run in settle order, each queued when its promise settled: so must we
   *  (heldout5's limiter: its queue settles one request, then starts and settles the next in the
   *  same microtasks; the later caller resumed first, a grant order no Node run makes). */
  drain?: number;
  /** The continuation parked last before it on the same promise: reactions to one promise run in
   *  the order they were registered, whenever it settles, so that one resumes first — in every
   *  Node run, slow I/O or not (trial 19's p2d: two tasks' `await this.ready` on one promise were
   *  swapped, a failure no Node run makes). */
  after?: Entry;
  ok?: boolean;
  value?: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Every Entry with all its fields, in one order: one object shape for continuations and
 *  callbacks (the checks at every decision stay monomorphic, issue 33). */
function newEntry(seq: number, key: string, candidate: Candidate | undefined, callback: ParkedCallback | undefined, act: ScheduledActivation | undefined, site: number, info: ParkInfo,
  readyAt: number, state: Entry['state'], turn: number | undefined, resolve: (value: unknown) => void, reject: (error: unknown) => void): Entry {
  return {
    kind: undefined, seq, key, candidate, callback, act, site, info, parkedAt: realNow(), readyAt, instant: undefined, state, prompt: undefined, turn,
    atOnce: undefined, drain: undefined, after: undefined, ok: undefined, value: undefined, resolve, reject,
  };
}

/** A parked callback's ParkInfo: nothing to wait for (one object for all; never written). */
const CALLBACK_INFO: ParkInfo = Object.freeze({});

const PROMISE_THEN = Promise.prototype.then;
// Node's own timer functions, taken before callbacks.ts makes the program's callbacks scheduling
// points: the scheduler's turns are not the program's.
const SET_IMMEDIATE = setImmediate;
const SET_TIMEOUT = setTimeout;
const CLEAR_TIMEOUT = clearTimeout;
const NEXT_TICK = process.nextTick;
const PROMISE_RESOLVE = Promise.resolve.bind(Promise);
const RESOLVED = PROMISE_RESOLVE(undefined);

export const STALL_EXIT_CODE = 1;
// Taken when the runtime loads (the `--import` register, before any test code): Vitest replaces
// process.exit in its workers with a function that throws, which would keep a stalled worker
// alive until the runner's test timeout instead of ending it at the stall.
const processExit = process.exit.bind(process);

export { taskOf };


export function createStrategy(settings: ScheduleSettings): Strategy {
  switch (settings.strategy) {
    case 'pct':
      return new PctStrategy(settings.seed, settings.depth ?? 3, settings.steps ?? 50);
    case 'atomfuzzer':
      return new AtomFuzzerStrategy(settings.seed, 0.5, settings.eventLoop ?? true, settings.lockRegions ?? true);
    case 'assetfuzzer':
      return new AssetFuzzerStrategy(settings.seed, settings.targets ?? []);
    case 'replay':
    case 'systematic': {
      const record = settings.replay ?? [];
      const key = processKey();
      const choices = Array.isArray(record) ? record : (record[key] ?? []);
      return settings.strategy === 'replay' ? new ReplayStrategy(choices) : new SystematicStrategy(choices, settings.preempt?.[key]);
    }
    default:
      return new RandomStrategy(settings.seed);
  }
}

/** Whether resolving a promise with `value` could read or call a `then`: a proxy (its traps would
 *  see the read), or an object with `then` on its prototype chain. Looked at by descriptors only:
 *  no getter runs. */
function mayHaveThen(value: unknown): boolean {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return false;
  for (let o: object | null = value as object; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    if (types.isProxy(o) || Object.getOwnPropertyDescriptor(o, 'then') !== undefined) return true;
  }
  return false;
}

export class Scheduler {
  readonly stallMs: number;
  readonly settleMs: number;
  private readonly parked: Entry[] = [];
  private seq = 0;
  /** Counts what became ready, in order (tick, "Real Node orders"). */
  private clock = 0;
  /** Counts the scheduler's turns (ticks): what settles within one settled with no I/O. */
  private turn = 0;
  private step = 0;
  private tickQueued = false;
  private graceTimer: NodeJS.Timeout | undefined;
  private graceAt = 0;
  private stallTimer: NodeJS.Timeout | undefined;
  private lastProgress = realNow();
  private stalled = false;
  private readonly locks = new LockTable<ScheduledActivation>();
  /** Await sites whose operand once stayed pending through a whole settle wait: it waits for
   *  other tasks (a notification, a promise another task resolves), not for I/O, so later
   *  awaits there are not waited for again (Monitor.wait's notification cost 100 ms per wait). */
  private readonly learnedDependent = new Set<number>();
  /** Await sites whose continuation enters an atomic block (the recorder fills it from the
   *  schedule settings as modules register their sites). */
  readonly entrySites = new Set<number>();
  /** Registered callbacks not fired yet, by registration token, and as a list: each decision
   *  walks them, and a Map's iterator allocates at every step until the code is optimized (issue
   *  33: the walks were a tenth of a scheduled run's garbage). The list's order is not the
   *  candidates' (they are sorted by `seq`). */
  private readonly expected = new Map<object, ExpectedCallback>();
  private readonly expectedList: ExpectedCallback[] = [];
  /** Asked before a stall is reported: the linearization oracle (linearizable.ts, 002 Alg. 2)
   *  records a hang or deadlock of a linearization as an outcome. True: the stall is recorded
   *  there; the stuck continuations are dropped (never resumed) and the process goes on. */
  stallHandler: ((kind: 'deadlock' | 'hang') => boolean) | undefined;
  /** The mark() the stall handler's run started at. */
  stallSince = 0;
  /** A decision chose a callback Node has not run yet: the next decision waits until it ran. */
  private awaiting: { token: object; index: number; candidates: Candidate[]; since: number } | undefined;
  /** The task released last registered a callback (since it was released). */
  private registeredInSegment = false;
  /** Per promise awaited (its own object: PromiseResolve returned it), the continuation parked on
   *  it last (Entry.after). */
  private readonly lastOnPromise = new WeakMap<object, Entry>();
  /** The current step wrote its QueueEvent (systematic only). */
  private queuedInStep = false;
  /** A released step (a continuation, a callback) is running, or the microtasks it queued are:
   *  what settles now was settled by the program's own code, not by I/O (release). */
  private stepOpen = false;
  /** Runs of microtasks outside the steps in which awaited promises settled (Entry.drain). */
  private drains = 0;
  private drainOpen = false;
  /** A replay made a decision its record did not name (a `d` sched event). */
  private offRecord = false;
  /** The timers' virtual clock (callbacks.ts); a step's stretch starts at its release. */
  readonly loopClock = new LoopClock();

  constructor(
    public strategy: Strategy,
    settings: Pick<ScheduleSettings, 'stallMs' | 'settleMs'> & { seed?: number },
    private readonly write: (event: TraceEvent) => void,
    private readonly flush: () => void = () => {},
    private readonly exit: (code: number) => void = (code) => processExit(code),
  ) {
    this.stallMs = settings.stallMs ?? 2000;
    this.seed = settings.seed ?? 0;
    // Long enough that a busy machine (a descheduled process, a slow setImmediate turn) does not
    // change which continuations are ready — the wait ends as soon as they settle. 10 ms made a
    // seed's schedule differ between runs under load.
    this.settleMs = settings.settleMs ?? 100;
  }

  get steps(): number {
    return this.step;
  }

  /** A Vitest worker learns which test file it runs only after it started (runtime/vitest-setup.ts),
   *  so its per-process replay record is looked up again then — before any decision was taken. */
  rekey(settings: ScheduleSettings, key: string): void {
    if (key !== this.randomKey) {
      this.randomKey = key;
      this.draw = undefined;
      this.testDraw = undefined;
    }
    if (this.step === 0 && DEBUG_DECISIONS !== undefined) rekeyDebugDecisions(key);
    if (this.step > 0 || (settings.strategy !== 'replay' && settings.strategy !== 'systematic')) return;
    if ((!settings.replay || Array.isArray(settings.replay)) && !settings.preempt) return;
    const choices = settings.replay && !Array.isArray(settings.replay) ? (settings.replay[key] ?? []) : (settings.replay ?? []);
    this.strategy = settings.strategy === 'replay' ? new ReplayStrategy(choices) : new SystematicStrategy(choices, settings.preempt?.[key]);
  }

  // ---- parking ------------------------------------------------------------------------------

  /** The promise the instrumented code awaits instead of `value`. */
  park(act: ScheduledActivation | undefined, site: number, value: unknown, info: ParkInfo): Promise<unknown> {
    // PromiseResolve, as a native await does (it may throw synchronously, as the await would).
    const operand = PROMISE_RESOLVE(value);
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const gate = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // An await whose activation registered a callback that has not run yet (`await new Promise((r)
    // => setTimeout(() => { …; r(); }))`) waits for that callback, which waits for a decision.
    // So does an await right after its task registered callbacks (`await new Promise((r) => fs.stat(
    // f, () => r()))`, test code awaiting a function of the program's that did).
    if (!info.dependent && (this.registeredInSegment || (act && this.awaitsOwnCallback(act)))) info = { ...info, dependent: true };
    const entry = newEntry(++this.seq, `${act ? act.id : 0}@${site}`, undefined, undefined, act, site, info, Infinity, 'pending', this.turn, resolve, reject);
    this.parked.push(entry);
    if (operand === value) {
      entry.after = this.lastOnPromise.get(operand as object);
      this.lastOnPromise.set(operand as object, entry);
    }
    // No promise: settled at once unless it is a thenable, whose `then` runs in a later job — its
    // settle comes after the marker below (an object's `then` is not read again here: a getter).
    let instant = !types.isPromise(value) && !info.deliberate;
    const settle = (ok: boolean) => (settled: unknown) => {
      entry.state = 'ready';
      if (info.prompt === 'always' || (info.prompt === 'if-immediate' && entry.turn === this.turn)) entry.prompt = true;
      else if (entry.turn === this.turn) entry.atOnce = true;
      // Parked before the step that settled it (a timer's resolve, a task's notify, a chain of
      // the program's promises): in Node it runs in that step's microtasks, before any other
      // macrotask — no delay (docs/how-it-works.md, real Node orders).
      else if (this.stepOpen) entry.prompt = true;
      else entry.drain = this.drainOf();
      entry.ok = ok;
      entry.value = settled;
      entry.readyAt = ++this.clock;
      if (instant) entry.instant = true;
      this.progress();
    };
    PROMISE_THEN.call(operand, settle(true), settle(false));
    if (instant && ((typeof value === 'object' && value !== null) || typeof value === 'function')) PROMISE_THEN.call(RESOLVED, () => {
      instant = false;
    });
    this.progress();
    return gate;
  }

  /** The program's Math.random (install.ts): drawn from the run's seed and the test file this
   *  process runs, so a replayed seed draws the same numbers, and test files running side by side
   *  (node --test's processes, Vitest's workers) do not draw the same ones (a temp name made of
   *  Math.random in two at once). Made at the first draw; a Vitest worker's next file starts anew. */
  private readonly seed: number;
  private randomKey = processKey();
  private draw: (() => number) | undefined;

  random(): number {
    return (this.draw ??= seededMathRandom(seedWithKey(this.seed, this.randomKey)))();
  }

  /** Test code's Math.random: a sequence of its own, so the test file's draws (a fake latency)
   *  repeat in a replay and do not shift the program's. */
  private testDraw: (() => number) | undefined;

  testRandom(): number {
    return (this.testDraw ??= seededMathRandom(seedWithKey(this.seed, `${this.randomKey}\0test`)))();
  }

  /** Values a gate was resolved with in a box (release): resolving it with the value itself would
   *  read the value's `then` once more than the native await did (a getter, a proxy's trap) and
   *  call it if it became a function. The await's resumption (`rs`) takes the value back out. */
  private readonly boxes = new WeakSet<object>();

  private box(value: unknown): object {
    const box = Object.create(null) as { v: unknown };
    box.v = value;
    this.boxes.add(box);
    return box;
  }

  /** The awaited value as the program gets it: out of its box, if release put it in one. */
  unbox<T>(value: T): T {
    return typeof value === 'object' && value !== null && this.boxes.has(value) ? (value as unknown as { v: T }).v : value;
  }

  // ---- callbacks (callbacks.ts, delay injection) --------------------------------------------

  /** A macrotask callback was registered: Node will run it later. `deadline`: when it is expected
   *  (I/O, immediates, short timers), so a decision waits for it as for awaited I/O. */
  expectCallback(token: object, key: string, site: number, deadline: number | undefined, by: ScheduledActivation | undefined, loop: LoopOrder): void {
    const expected: ExpectedCallback = { kind: 'expected', index: this.expectedList.length, token, key: `${key}@${site}`, site, seq: ++this.seq, deadline, by, loop };
    const old = this.expected.get(token);
    if (old) this.expectedList[(expected.index = old.index)] = expected;
    else this.expectedList.push(expected);
    this.expected.set(token, expected);
    this.registeredInSegment = true;
    if (loop.channel !== undefined || loop.expiry !== undefined) this.queued();
  }

  /** A callback went into one of the event loop's ordered queues (a timer's, the immediates', an
   *  emitter's listeners): for the systematic search's reduction, the step says so once. */
  queued(): void {
    if (this.queuedInStep || !this.strategy.recordsCandidates) return;
    this.queuedInStep = true;
    this.write({ e: 'q' });
  }

  /** Not expected any more (it fired, or was cancelled). */
  private unexpect(token: object): ExpectedCallback | undefined {
    const expected = this.expected.get(token);
    if (!expected) return undefined;
    this.expected.delete(token);
    const last = this.expectedList.pop()!;
    if (last !== expected) this.expectedList[(last.index = expected.index)] = last;
    return expected;
  }

  /** The registration will not fire again (it fired, or a timer was cleared, or a listener
   *  removed); `cancel`: what it parked is dropped too (clearTimeout of a postponed timer — in
   *  the order the schedule chose, it had not fired yet). */
  forgetCallback(token: object, cancel: boolean): void {
    this.unexpect(token);
    if (!cancel) return;
    // The chosen callback will not come: decide again (the step was not taken).
    if (this.awaiting?.token === token && !this.parked.some((e) => e.callback?.token === token)) this.awaiting = undefined;
    for (let i = this.parked.length - 1; i >= 0; i--) if (this.parked[i].callback?.token === token) this.parked.splice(i, 1);
    this.progress();
  }

  /** Node ran a callback's wrapper: the callback is parked instead, ready at once, and `run` runs
   *  it when the strategy picks it. `last`: the wrapper does nothing after parking it, so the
   *  callback a decision waits for (delay injection) may run right here, where Node ran it. */
  parkCallback(act: ScheduledActivation, site: number, callback: ParkedCallback, run: () => void, last = false): void {
    const expected = this.unexpect(callback.token);
    const entry = newEntry(expected?.seq ?? ++this.seq, `${callback.key}@${site}`, expected?.candidate, callback, act, site, CALLBACK_INFO, ++this.clock, 'ready', undefined, run, run);
    entry.ok = true;
    this.parked.push(entry);
    // While a decision waits for another callback Node has yet to run, this one changes nothing:
    // no turn for it (the wait's own tick comes when that callback parks).
    if (this.awaiting && this.awaiting.token !== callback.token) this.lastProgress = realNow();
    else if (last && this.awaiting && !this.stalled && !this.stepOpen) {
      // The callback the last decision chose has come: it is released now, as the turn the
      // decision waited for (issue 33: a turn of the event loop per callback so chosen), not in a
      // later one. Node runs it here in every run, so the order is Node's own; what parked
      // meanwhile is the same, since nothing else is released while a decision waits.
      this.lastProgress = realNow();
      this.turn++;
      this.awaitChosen();
    } else this.progress();
  }

  /** A microtask callback (nextTick, queueMicrotask, a promise reaction): Node's order is its only
   *  legal one, so it runs now — a decision with one candidate, recorded as every decision is. */
  runNow<T>(act: ScheduledActivation, site: number, key: string, run: () => T): T {
    const step = ++this.step;
    const k = `${key}@${site}`;
    const event: SchedEvent = { e: 'sched', n: step, a: act.id, s: site, c: 1, i: 0, k, t: act.id };
    const recorded = this.strategy instanceof ReplayStrategy ? this.strategy.expects(step) : undefined;
    if (recorded !== undefined && recorded !== k) {
      event.d = 1;
      this.offRecord = true;
    }
    this.write(event);
    this.queuedInStep = false;
    if (DEBUG_DECISIONS !== undefined) debugDecision(step);
    return run();
  }

  /** Runs now, in order, the callbacks one channel (an emitter) has parked: the program emits on
   *  it synchronously, and its earlier I/O events ran before that in every order Node allows. */
  flushChannel(channel: unknown): void {
    for (;;) {
      const entry = this.parked.find((e) => e.callback?.loop.channel === channel);
      if (!entry) return;
      this.release(entry, 0, [this.candidateOf(entry)], false);
    }
  }

  private awaitsOwnCallback(act: ScheduledActivation): boolean {
    const list = this.expectedList;
    for (let i = 0; i < list.length; i++) if (list[i].by === act) return true;
    return this.parked.some((e) => e.callback && e.act?.parent === act);
  }

  // The checks below run for every candidate at every decision: plain loops, no closures, no
  // Map-entry destructuring.

  /** A parked callback that must run after another parked one, or after one Node has yet to run
   *  (a timer expiring before it on the virtual clock; event-loop-order.ts). */
  private isPreceded(entry: Entry): boolean {
    const loop = entry.callback!.loop;
    const parked = this.parked;
    for (let i = 0; i < parked.length; i++) {
      const other = parked[i];
      if (other !== entry && other.callback !== undefined && mustPrecede(other.callback.loop, loop)) return true;
    }
    return this.waitsForTimer(entry);
  }

  private waitsForTimer(entry: Entry): boolean {
    const loop = entry.callback?.loop;
    return loop !== undefined && this.expectedPrecedes(entry.callback!.token, loop);
  }

  /** A callback Node has yet to run (other than `token`'s) must run before `loop`. */
  private expectedPrecedes(token: object, loop: LoopOrder): boolean {
    const list = this.expectedList;
    for (let i = 0; i < list.length; i++) if (list[i].token !== token && mustPrecede(list[i].loop, loop)) return true;
    return false;
  }

  /** A callback expected soon is a candidate once none that Node runs first is still waiting:
   *  delay injection may let it come first, and choosing it only waits for it (not for every
   *  I/O in flight), while the candidate set stays what the program registered. */
  private isCandidateSoon(expected: ExpectedCallback): boolean {
    const token = expected.token;
    const loop = expected.loop;
    if (expected.deadline === undefined || this.expectedPrecedes(token, loop)) return false;
    // A callback parked on its channel fired before it: FIFO.
    const channel = loop.channel;
    const entries = this.parked;
    for (let i = 0; i < entries.length; i++) {
      const parked = entries[i].callback;
      if (parked !== undefined && (parked.token === token || mustPrecede(parked.loop, loop) || (channel !== undefined && parked.loop.channel === channel))) return false;
    }
    return true;
  }

  /** Ready to run: its operand settled; a callback: none that Node runs first is still waiting. */
  private isEligible(entry: Entry): boolean {
    if (entry.state !== 'ready') return false;
    if (entry.callback === undefined) return (entry.after === undefined || !this.parked.includes(entry.after)) && !this.settledEarlierInDrain(entry);
    return !this.isPreceded(entry);
  }

  /** Another continuation still parked settled before this one in the same run of microtasks
   *  (Entry.drain): Node resumes that one first. */
  private settledEarlierInDrain(entry: Entry): boolean {
    if (entry.drain === undefined) return false;
    const parked = this.parked;
    for (let i = 0; i < parked.length; i++) {
      const other = parked[i];
      if (other !== entry && other.drain === entry.drain && other.state === 'ready' && other.readyAt < entry.readyAt) return true;
    }
    return false;
  }

  /** The run of microtasks going on now, outside the scheduler's steps: a new one when the last
   *  one has drained (a tick queued from a microtask runs once the microtask queue is empty). */
  private drainOf(): number {
    if (!this.drainOpen) {
      this.drainOpen = true;
      this.drains++;
      NEXT_TICK(this.closeDrain);
    }
    return this.drains;
  }

  private readonly closeDrain = (): void => {
    this.drainOpen = false;
  };

  /** Something happened (park, settle, exit, a lock event): a decision may be due. */
  progress(): void {
    this.lastProgress = realNow();
    if (!this.tickQueued && !this.stalled && this.parked.length) {
      this.tickQueued = true;
      SET_IMMEDIATE(() => this.tick());
    }
  }

  private isDependent(entry: Entry): boolean {
    const { child, lock, dependent } = entry.info;
    return dependent === true || lock !== undefined || (child !== undefined && !child.exited) || this.learnedDependent.has(entry.site);
  }

  private tick(): void {
    this.tickQueued = false;
    this.turn++;
    if (this.stalled) return;
    if (this.awaiting) return this.awaitChosen();
    // Real Node orders: a continuation with nothing to wait for (instant) resumes in Node in the
    // microtasks right after its await, before any later macrotask. So while one is parked,
    // nothing that became ready after it goes first — not a continuation whose operand settled
    // later (I/O, a timer, another library's setImmediate), not a callback Node ran or will run
    // later (no delay injection) — except other instant continuations.
    const parked = this.parked;
    let horizon = Infinity;
    for (let i = 0; i < parked.length; i++) if (parked[i].instant && parked[i].readyAt < horizon) horizon = parked[i].readyAt;
    const picks: Choice[] = [];
    for (let i = 0; i < parked.length; i++) {
      const entry = parked[i];
      if (this.isEligible(entry) && (entry.instant || entry.readyAt < horizon)) picks.push(entry);
    }
    if (horizon === Infinity) {
      const list = this.expectedList;
      for (let i = 0; i < list.length; i++) if (this.isCandidateSoon(list[i])) picks.push(list[i]);
    }
    if (picks.length === 0) {
      this.armStall();
      return;
    }
    // A prompt continuation that is ready (a lock granted) runs now, before any I/O or timer and
    // in settle order: no real Node run delays it, so it is no choice (a decision of one).
    let prompt: Entry | undefined;
    for (let i = 0; i < picks.length; i++) {
      const pick = picks[i];
      if (pick.kind === undefined && pick.prompt && (!prompt || pick.readyAt < prompt.readyAt)) prompt = pick;
    }
    if (prompt) return this.decide([prompt]);
    // Let awaited I/O and timers settle before deciding (for a short while), so the candidates
    // do not depend on timing; operands that wait for other parked tasks are not waited for.
    // (Callbacks expected soon need no wait: they are candidates already.)
    const now = realNow();
    let waitUntil = 0;
    for (let i = 0; i < parked.length; i++) {
      const entry = parked[i];
      if (entry.state === 'pending' && !this.isDependent(entry)) waitUntil = Math.max(waitUntil, entry.parkedAt + this.settleMs);
    }
    if (this.strategy instanceof ReplayStrategy && !this.offRecord) {
      // A replay waits (up to the stall time) for the continuation its record names. Not once it
      // left the record: its later names need not come at all (a systematic search's prefix
      // replayed by a run whose timers came in another order waited a second at each of its
      // decisions, and a Vitest test timed out, wsrep p3).
      const expected = this.strategy.expects(this.step + 1);
      const pending = expected !== undefined && !picks.some((p) => p.key === expected) &&
        (this.parked.some((e) => e.key === expected) || this.expectedList.some((e) => e.key === expected));
      if (pending) waitUntil = Math.max(waitUntil, this.lastProgress + this.stallMs / 2);
    }
    if (waitUntil <= now) {
      for (let i = 0; i < parked.length; i++) {
        const entry = parked[i];
        if (entry.state === 'pending' && !this.isDependent(entry)) this.learnedDependent.add(entry.site);
      }
    }
    if (waitUntil > now) {
      this.wake(waitUntil - now);
      return;
    }
    // In candidate order (seq): an insertion sort, the lists are short and mostly in order.
    for (let i = 1; i < picks.length; i++) {
      const pick = picks[i];
      let j = i - 1;
      for (; j >= 0 && picks[j].seq > pick.seq; j--) picks[j + 1] = picks[j];
      picks[j + 1] = pick;
    }
    this.decide(picks);
  }

  /** Tick again in `ms` (one timer at a time, the earliest asked for). */
  private wake(ms: number): void {
    const at = realNow() + ms;
    if (this.graceTimer) {
      if (this.graceAt <= at) return;
      CLEAR_TIMEOUT(this.graceTimer);
    }
    this.graceAt = at;
    this.graceTimer = SET_TIMEOUT(() => {
      this.graceTimer = undefined;
      this.progressQuiet();
    }, Math.ceil(ms));
  }

  /** The chosen callback ran in Node (it is parked): release it as the decision taken. A callback
   *  that does not come within the stall time (I/O far slower than expected) stops being waited
   *  for and the decision is taken again. */
  private awaitChosen(): void {
    const awaiting = this.awaiting!;
    let entry: Entry | undefined;
    for (let i = 0; i < this.parked.length && !entry; i++) if (this.parked[i].callback?.token === awaiting.token) entry = this.parked[i];
    if (entry) {
      this.awaiting = undefined;
      // Something Node ran before it in its queue came meanwhile (an event of its channel): the
      // decision is taken again, among what is eligible now.
      if (!this.isEligible(entry)) return this.progressQuiet();
      this.release(entry, awaiting.index, awaiting.candidates, false);
      return;
    }
    const left = awaiting.since + this.stallMs - realNow();
    if (left > 0) return this.wake(left);
    this.awaiting = undefined;
    const expected = this.expected.get(awaiting.token);
    if (expected) expected.deadline = undefined;
    this.progressQuiet();
  }

  /** Queue a tick without counting it as progress. */
  private progressQuiet(): void {
    if (!this.tickQueued && !this.stalled && (this.parked.length || this.awaiting)) {
      this.tickQueued = true;
      SET_IMMEDIATE(() => this.tick());
    }
  }

  private candidateOf(e: Entry): Candidate {
    if (e.callback) return (e.candidate ??= this.callbackCandidate(e.seq, e.key, e.site));
    return {
      seq: e.seq,
      key: e.key,
      activation: e.act ? e.act.id : null,
      site: e.site,
      task: taskOf(e.act)?.id ?? e.info.task ?? null,
      ...(this.entrySites.has(e.site) ? { enters: true } : {}),
    };
  }

  /** A callback's candidate is the same whether Node ran it already or not: its run's activation
   *  does not exist yet, so the strategies see a task of its own numbered by its candidate order
   *  (the sched event names the real activation once it runs). */
  private callbackCandidate(seq: number, key: string, site: number): Candidate {
    return { seq, key, activation: null, site, task: CALLBACK_CANDIDATE_TASKS - seq };
  }

  private decide(picks: Choice[]): void {
    const candidates: Candidate[] = [];
    for (let i = 0; i < picks.length; i++) {
      const pick = picks[i];
      candidates.push(pick.kind === undefined ? this.candidateOf(pick) : (pick.candidate ??= this.callbackCandidate(pick.seq, pick.key, pick.site)));
    }
    let index = this.strategy.choose(candidates, this.step + 1);
    const diverged = index === undefined || index < 0 || index >= picks.length;
    if (diverged) index = 0;
    const chosen = picks[index!];
    if (chosen.kind === undefined) return this.release(chosen, index!, candidates, diverged);
    // Delay injection: everything else waits until Node ran the chosen callback.
    this.awaiting = { token: chosen.token, index: index!, candidates, since: realNow() };
    this.awaitChosen();
  }

  private release(chosen: Entry, index: number, candidates: Candidate[], diverged: boolean): void {
    const step = ++this.step;
    const candidate = candidates[index];
    const act = chosen.act;
    const event: SchedEvent = {
      e: 'sched', n: step, a: act ? act.id : candidate.activation, s: chosen.site, c: candidates.length, i: index, k: candidate.key,
      t: chosen.callback ? (taskOf(act)?.id ?? null) : candidate.task,
    };
    if (diverged) {
      event.d = 1;
      this.offRecord = true;
    }
    if (this.strategy.recordsCandidates && candidates.length > 1) event.ks = candidates.map((c) => c.key);
    // Continuations that settled at once and before the chosen one: a Node run would have run them
    // first, so this decision treats their awaited calls as slow I/O (rule 2 of the contract,
    // docs/how-it-works.md) — a finding that rests on it says so (violation.ts assumes).
    const before = chosen.callback ? Infinity : chosen.readyAt;
    let assumed: Set<number> | undefined;
    for (let i = 0; i < this.parked.length; i++) {
      const e = this.parked[i];
      if (e !== chosen && e.atOnce && e.state === 'ready' && e.readyAt < before) (assumed ??= new Set()).add(e.site);
    }
    if (assumed) event.m = [...assumed];
    this.write(event);
    this.queuedInStep = false;
    this.writeNotes();
    if (DEBUG_DECISIONS !== undefined) debugDecision(step);
    this.parked.splice(this.parked.indexOf(chosen), 1);
    chosen.after = undefined;
    this.registeredInSegment = false;
    // What the timer waited for is decided; the next tick sets its own. A left-over wait (up to
    // the stall time, for a chosen callback) kept the process alive after the program ended.
    if (this.graceTimer) {
      CLEAR_TIMEOUT(this.graceTimer);
      this.graceTimer = undefined;
    }
    // The step's microtasks are over when Node turns to its tick queue: a tick queued from the
    // first microtask after this one runs once the microtask queue has drained, before any
    // macrotask (a native I/O completion) can settle anything.
    this.stepOpen = true;
    PROMISE_THEN.call(RESOLVED, this.closeStepSoon);
    this.loopClock.step();
    // A callback (an immediate's sets it again), or a continuation that waited for I/O or a
    // timer: no longer the check phase an immediate's callback opened.
    if (chosen.callback || !chosen.prompt) this.loopClock.checkPhase = false;
    try {
      // A callback runs here, synchronously: an exception it throws is uncaught, as in Node.
      if (chosen.ok) chosen.resolve(chosen.callback || !mayHaveThen(chosen.value) ? chosen.value : this.box(chosen.value));
      else chosen.reject(chosen.value);
    } finally {
      this.progress();
    }
  }

  private readonly closeStep = (): void => {
    this.stepOpen = false;
    this.loopClock.end();
  };

  private readonly closeStepSoon = (): void => {
    NEXT_TICK(this.closeStep);
  };

  /** ATOMFUZZER's notes since the last decision (a conflict can show between decisions). */
  private writeNotes(): void {
    const notes = (this.strategy as Partial<AtomFuzzerStrategy>).notes;
    if (notes?.length) {
      for (const note of notes.splice(0)) {
        this.write({ e: 'atom', kind: note.kind, n: note.step, t: note.task, lock: note.lock, ...(note.by !== undefined ? { by: note.by } : {}) });
      }
    }
    const events = this.strategy.events;
    if (events?.length) for (const event of events.splice(0)) this.write(event);
  }

  // ---- locks (the recorder's lock events) ----------------------------------------------------

  /** `queued`: the request is made and waits in the lock's own queue until the lock calls back
   *  (runExclusive), even after its requester returned. */
  lockRequested(act: ScheduledActivation | undefined, lock: number, queued = false): void {
    if (!act) return;
    this.locks.requested(act, lock);
    if (queued) this.locks.queued(act);
  }

  lockAcquired(act: ScheduledActivation | undefined, lock: number): void {
    this.locks.acquired(act, lock);
    this.lockEvent(act, lock, true);
  }

  lockReleased(act: ScheduledActivation | undefined, lock: number): void {
    this.locks.released(act, lock);
    this.lockEvent(act, lock, false);
    this.progress();
  }

  /** The strategy hears of the program's lock operations, not of a config lock's inner ones. */
  private lockEvent(act: ScheduledActivation | undefined, lock: number, acquired: boolean): void {
    const task = taskOf(act)?.id ?? null;
    if (acquired) this.strategy.onLockAcquired?.(task, lock);
    else this.strategy.onLockReleased?.(task, lock);
  }

  /** An atomic block (a function of the config's `atomic` or marked `@atomic`) starts; returns
   *  the task it is counted for, to pass to atomicExit. */
  atomicEnter(act: ScheduledActivation, fn: number): number | null {
    const task = taskOf(act)?.id ?? null;
    this.strategy.onAtomicEnter?.(task, fn);
    return task;
  }

  atomicExit(task: number | null, fn: number): void {
    this.strategy.onAtomicExit?.(task, fn);
  }

  /** A field access (only for a strategy that wants them: ATOMFUZZER's conflict check,
   *  ASSETFUZZER's event matching). */
  accessed(act: ScheduledActivation | undefined, write: boolean, obj: number, key: string, site?: number): void {
    this.strategy.onAccess?.(taskOf(act)?.id ?? null, write, obj, key, site, act);
  }

  /** The activation resumed: an acquire it asked for and did not report as acquired is over. */
  resumed(act: ScheduledActivation | undefined): void {
    if (act) this.locks.forget(act);
  }

  // ---- stalls -------------------------------------------------------------------------------

  private armStall(): void {
    if (this.stallTimer || this.stalled || !this.parked.length) return;
    const wait = Math.max(1, this.lastProgress + this.stallMs - realNow());
    this.stallTimer = SET_TIMEOUT(() => {
      this.stallTimer = undefined;
      if (this.stalled) return;
      if (this.awaiting || this.parked.some((e) => this.isEligible(e))) return this.progressQuiet();
      if (!this.parked.length) return;
      if (realNow() - this.lastProgress < this.stallMs - 1) return this.armStall();
      // A callback waiting for a timer Node has yet to run waits for time, not for a deadlock.
      if (this.parked.some((e) => this.waitsForTimer(e))) {
        this.lastProgress = realNow();
        return this.armStall();
      }
      if (this.stallHandler?.(this.waitForCycle() ? 'deadlock' : 'hang')) return this.dropStuck(this.stallSince);
      this.reportStall(false);
      this.exit(STALL_EXIT_CODE);
    }, wait);
    // The stall timer alone does not keep the process alive: a program whose event loop empties
    // ends as it would; the exit hook then records the stall.
    this.stallTimer.unref();
  }

  /** How long nothing has happened (no park, settle or exit): small while the program still
   *  works, however slowly. Read when a test ends failed and at the process's end, so a test
   *  runner's time limit, or the run's budget, that ran out on a program still working under the
   *  scheduler is not taken for a hang (the analysis: violation.ts stillWorking). */
  idleMs(): number {
    return Math.round(realNow() - this.lastProgress);
  }

  /** A timer of Node's own (not one of the program's callbacks, which would be parked): the
   *  oracle's budget keeps the process alive while the stall is awaited. Returns its cancel. */
  ownTimer(ms: number, fn: () => void): () => void {
    const handle = SET_TIMEOUT(fn, ms);
    return () => CLEAR_TIMEOUT(handle);
  }

  /** Where parking has got to: `dropStuck(mark)` leaves what was parked before it (the caller
   *  awaiting the run that stalled). */
  mark(): number {
    return this.seq;
  }

  /** Drops the continuations parked after `since` that cannot go on (a stall its handler recorded
   *  as an outcome): they never resume, and their lock requests leave the wait-for graph so a later
   *  stall does not see their cycle. Locks they hold stay held, as a hung task keeps them. */
  dropStuck(since: number): void {
    for (let i = this.parked.length - 1; i >= 0; i--) {
      const entry = this.parked[i];
      if (entry.seq <= since || this.isEligible(entry)) continue;
      this.parked.splice(i, 1);
      if (entry.act) this.locks.forget(entry.act);
    }
    this.progress();
  }

  /** At process exit: continuations still parked are reported (a deadlock shows as an event loop
   *  that emptied with tasks waiting). */
  atExit(): void {
    this.writeNotes();
    if (!this.stalled && this.parked.some((e) => !this.isEligible(e))) this.reportStall(true);
  }

  /** The wait-for cycle of the parked tasks' lock requests, if there is one. */
  waitForCycle(): WaitForEdge[] | undefined {
    // Parked after a request the lock has not granted yet.
    const waiting = new Set(this.parked.flatMap((e) => (e.info.lock !== undefined && e.act ? [e.act] : [])));
    return this.locks.waitForCycle(waiting, (act, lock) => this.parked.find((e) => e.act === act && e.info.lock === lock)?.site);
  }

  private reportStall(atExit: boolean): void {
    this.stalled = true;
    if (this.graceTimer) CLEAR_TIMEOUT(this.graceTimer);
    const cycle = this.waitForCycle();
    const pending = this.parked.filter((e) => !this.isEligible(e));
    const parked = pending.map((e) => {
      const lock = (e.act ? this.locks.requestOf(e.act) : undefined) ?? e.info.lock;
      const holders = lock === undefined ? [] : this.locks.holderTasks(lock);
      // Where the promise it waits for was made: the operand's own, or (an awaited call that
      // suspended first and then returned a `new Promise`) its activation's, known by now.
      const made = e.info.made ?? e.info.madeBy?.made;
      return {
        a: e.act ? e.act.id : null, s: e.site, t: taskOf(e.act)?.id ?? e.info.task ?? null,
        ...(lock === undefined ? {} : { lock }), ...(holders.length ? { holders } : {}), ...(made ? { made: { s: made.s, a: made.a } } : {}),
      };
    });
    const message = cycle
      ? `deadlock: ${cycle.map((edge) => `task ${edge.t} (activation ${edge.a}) waits for lock ${edge.lock} held by task ${edge.holder}`).join('; ')}`
      : `hang: ${pending.length} continuation(s) waited ${atExit ? 'until the process ended' : `over ${this.stallMs} ms`} for promises that never settled` +
        (parked.length ? ` (activations ${[...new Set(parked.map((p) => p.a ?? 'of test code'))].join(', ')})` : '');
    const event: StallEvent = { e: 'stall', kind: cycle ? 'deadlock' : 'hang', message, step: this.step, atExit, parked };
    if (cycle) event.cycle = cycle;
    this.write(event);
    this.flush();
    if (!atExit) process.stderr.write(`conlens: ${message}\n`);
  }
}

/** Strategies' task numbers of callback candidates (below test code's negative tasks). */
const CALLBACK_CANDIDATE_TASKS = -(2 ** 30);

