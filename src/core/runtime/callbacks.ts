// Callbacks as scheduling points (issue 20), by delay injection (NACD): every asynchronous
// callback the program's instrumented code registers is wrapped where it is registered, and when
// Node runs the wrapper the callback becomes a parked task step the strategy may postpone —
// never run before Node made it runnable, and only as far as Node's happens-before rules allow
// (event-loop-order.ts, after NodeRacer). Only in scheduled runs: trace-only runs install none
// of this and run as plain Node does.
//   - macrotasks (setTimeout, setInterval, setImmediate, fs callback APIs, the program's listeners
//     of events Node emits from I/O — an http server's requests, a stream's data and end, a
//     socket's events): parked, and reordered within the rules;
//   - microtasks (process.nextTick, queueMicrotask, then / catch / finally callbacks): Node's
//     order is their only legal one, so they run where Node runs them, as a decision with one
//     candidate (scheduler.runNow).
// Each run of a callback is a task of its own (recorder.callbackActivation), spawned by the
// activation that registered it, so traces, violation reports, task-concurrency checks and
// replay treat it as an await step. A callback the program passes through from Node (a promise's
// resolve function) is not wrapped: what it settles is awaited, and the await is the scheduling
// point — except a timer's or an immediate's (`setImmediate(resolve)`): the timer is the
// scheduling point, in its place in the loop's order, and the await it settles runs right after
// it, as in Node (a promise settled by a step the scheduler ran is no delay: scheduler.ts).
import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import stream from 'node:stream';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import timers from 'node:timers';
import { types } from 'node:util';
import { FS_CALLBACK_APIS, IO_CALLBACK_APIS, IO_PROMISE_APIS } from './callback-apis.js';
import { IMMEDIATE_QUEUE, loopOrder, realNow, type LoopOrder } from './event-loop-order.js';
import { adoptContextError, shapedLike, type ProjectSites } from './resources.js';
import type { Activation, Recorder } from './recorder.js';
import type { Scheduler } from './scheduler.js';

// Taken before the program's promise reactions become scheduling points: the runtime's own are not.
const PROMISE_THEN = Promise.prototype.then;
const builtin = createRequire(`${process.cwd()}/`);

/** Marks a clock read already watched (a realm's Date handed over twice is wrapped once). */
const WATCHED = Symbol('conlens.watchedClock');

/** Node's timer delay: a number, 1 when below 1 or above TIMEOUT_MAX (or not a number). */
function timerDelay(delay: unknown): number {
  const ms = typeof delay === 'number' ? delay : Number(typeof delay === 'string' ? delay : NaN);
  return ms >= 1 && ms <= 2 ** 31 - 1 ? ms : 1;
}

const functionText = Function.prototype.toString;
/** A function Node made (a promise's resolve or reject function, a bound builtin): running it is
 *  no work of the program's. Bound functions keep their name ("bound f"), so are wrapped. */
function isNodesOwn(fn: Function): boolean {
  return fn.name === '' && functionText.call(fn).endsWith('{ [native code] }');
}

/** registration's options, as bits (no options object per registered callback, issue 33):
 *  registered through Node's own code; counted from any code, not only while instrumented code
 *  runs; a promise's resolve or reject function counts too. */
const VIA_NODE = 1;
const ANY_CODE = 2;
const SETTLER = 4;
/** A library's call counts while the program's code runs (resources.ts onBehalfSite). */
const ON_BEHALF = 8;

/** One registration of the program's: a timer, an immediate, an fs call's callback, a tick, a
 *  listener. Its runs are keyed `c<id>.<n>`, stable across runs that take the same decisions. */
interface Registration {
  id: number;
  site: number;
  by: Activation | undefined;
  /** Runs so far (an interval ticks, a listener hears many events). */
  runs: number;
  /** Timers: the loop order of the next run (its expiry on the virtual clock). */
  next?: LoopOrder;
  /** Timers: the numeric id the program took of its handle. */
  primitive?: string;
  /** Timers the program armed, when channels are recorded: the timer's key (`timer:…`). */
  channel?: string;
}

/** `channels`: record emitter and stream events, timers and promise settlements as shared state
 *  (field recording is on). */
export function scheduleCallbacks(recorder: Recorder, scheduler: Scheduler, sites: ProjectSites, { channels = false } = {}): void {
  /** When Node made callbacks runnable (and timers were armed), counted over the process. */
  let order = 0;
  let registrations = 0;
  const settleMs = scheduler.settleMs;
  /** The virtual clock of the timers (event-loop-order.ts). */
  const clock = scheduler.loopClock;

  /** The registration of `callback` by the program, calling `api` through `wrapper` directly
   *  (VIA_NODE: through Node's own code, as http.createServer adds its handler); undefined when
   *  it is not the program's (or is Node's own function). Microtasks and listeners count while
   *  instrumented code runs (a cheap test first, these calls are frequent); timers, immediates
   *  and fs calls also from the project's tests and helpers (ANY_CODE). `last`: the call's last
   *  argument, which instrumented code's mark of the call passed through (resources.ts atMark). */
  const registration = (wrapper: Function, api: string, callback: unknown, last: unknown, flags = 0): Registration | undefined => {
    if (typeof callback !== 'function' || ((flags & ANY_CODE) === 0 && recorder.running === undefined) || ((flags & SETTLER) === 0 && isNodesOwn(callback))) {
      sites.clearMark();
      return undefined;
    }
    return registered(wrapper, api, last, (flags & VIA_NODE) !== 0, (flags & ON_BEHALF) !== 0);
  };
  /** A call of `api` the program made (from any of its code), as a registration. `onBehalf`: or a
   *  library the program's code called made it, while that code runs (a timer `delay(5)` or
   *  p-timeout arms): its place in the loop's order is the program's to keep. Left to Node, such
   *  a timer ran in real time while the scheduler held a continuation it had settled, so a 30 ms
   *  p-timeout fired before the 5 ms `delay` it raced had resumed its caller — an order no Node
   *  run makes (heldout3's vitest-p-timeout-quotes, a false failure in every scheduled run). */
  const registered = (wrapper: Function, api: string, last: unknown, viaNode = false, onBehalf = false): Registration | undefined => {
    const site = sites.atMark(last, api, () => sites.callerSite(wrapper, api, !viaNode) ?? (onBehalf && recorder.running !== undefined ? sites.onBehalfSite(wrapper, api) : undefined));
    sites.clearMark();
    return site === undefined ? undefined : { id: ++registrations, site, by: recorder.running, runs: 0 };
  };
  const keyOf = (reg: Registration, run = reg.runs) => `c${reg.id}.${run}`;
  /** The decisions wait (a little) for it: it fires soon. */
  const expect = (reg: Registration, deadline: number | undefined, loop: LoopOrder) =>
    scheduler.expectCallback(reg, keyOf(reg), reg.site, deadline, reg.by, loop);

  /** Node ran the wrapper: park the callback's run as a task. It runs later from the scheduler's
   *  turn, in the async context Node gave the wrapper (AsyncLocalStorage sees the registering
   *  context, as without the tool). */
  /** `last`: the wrapper does nothing after this (scheduler.ts parkCallback). */
  const park = (reg: Registration, loop: LoopOrder, run: () => void, last = false) => {
    const act = recorder.callbackActivation(reg.site, reg.by);
    // (An AsyncResource, not AsyncResource.bind: bind builds a deprecation getter per call.)
    const context = new AsyncResource('conlens.callback');
    scheduler.parkCallback(act, reg.site, { key: keyOf(reg, reg.runs++), loop, token: reg }, () => context.runInAsyncScope(() => recorder.runCallback(act, run)), last);
  };
  /** A microtask callback: runs now, as a task. */
  const runNow = (reg: Registration, callback: Function, self: unknown, args: unknown[]): unknown => {
    const act = recorder.callbackActivation(reg.site, reg.by);
    return scheduler.runNow(act, reg.site, keyOf(reg, reg.runs++), () => recorder.runCallback(act, () => Reflect.apply(callback, self, args)));
  };

  // ---- timers -------------------------------------------------------------------------------
  const handles = new WeakMap<object, Registration>();
  /** Timers the program turned into their numeric id (`+timer`, Symbol.toPrimitive): clearTimeout
   *  takes the id as well as the object (Node's knownTimersById). */
  const byId = new Map<string, Registration>();
  let primitivePatched = false;
  const rememberIds = (handle: object) => {
    const proto = Reflect.getPrototypeOf(handle) as Record<symbol, unknown> | null;
    const original = proto?.[Symbol.toPrimitive];
    primitivePatched = true;
    if (!proto || typeof original !== 'function') return;
    Object.defineProperty(proto, Symbol.toPrimitive, {
      ...Object.getOwnPropertyDescriptor(proto, Symbol.toPrimitive),
      value: shapedLike(original, function (this: object, ...args: unknown[]) {
        const id = Reflect.apply(original, this, args) as unknown;
        const reg = handles.get(this);
        if (reg) byId.set((reg.primitive = String(id)), reg);
        return id;
      }),
    });
  };
  const registrationOf = (handle: unknown): Registration | undefined =>
    handle !== null && typeof handle === 'object' ? handles.get(handle) : typeof handle === 'number' || typeof handle === 'string' ? byId.get(String(handle)) : undefined;
  const timer = (api: 'setTimeout' | 'setInterval', original: typeof setTimeout) => {
    const replacement = shapedLike(original, function (this: unknown, callback: unknown, delay?: unknown, ...args: unknown[]) {
      // A promise's resolve function given straight to a timer (`setTimeout(resolve, 3)`) is
      // registered too: the timer keeps its place in the loop's order, and the await it settles
      // runs right after it (scheduler.ts, settled by a step).
      const reg = registration(replacement, api, callback, arguments[arguments.length - 1], ANY_CODE | SETTLER | ON_BEHALF);
      if (!reg) return Reflect.apply(original, this, arguments);
      const ms = timerDelay(delay);
      const deadline = () => (ms <= settleMs ? realNow() + ms + 2 : undefined);
      reg.next = loopOrder(++order, api === 'setInterval' ? reg : undefined, clock.look() + ms, order, undefined, undefined, realNow() + ms);
      expect(reg, deadline(), reg.next);
      // Issue 30: a timer is a channel. Arming and clearing it write it; its firing reads it (the
      // callback runs only if no clear came first): a clear that comes too late, after the fire,
      // is an order the patterns see.
      const timerKey = channels && recorder.running !== undefined ? `timer:${api}#${reg.id}` : undefined;
      if (timerKey) recorder.resource('wr', timerKey, reg.site, 'armed');
      const wrapped = function (this: unknown, ...given: unknown[]) {
        const loop = reg.next!;
        park(reg, loop, () => {
          clock.reach(loop.expiry!);
          if (api === 'setTimeout' && reg.primitive !== undefined) byId.delete(reg.primitive);
          if (timerKey) recorder.resource('rd', timerKey, reg.site, 'fired');
          Reflect.apply(callback as Function, this, given);
        }, api !== 'setInterval');
        if (api === 'setInterval') {
          // Node re-arms the interval now; on the virtual clock its next tick is one delay later.
          reg.next = loopOrder(++order, reg, loop.expiry! + ms, order, undefined, undefined, realNow() + ms);
          expect(reg, deadline(), reg.next);
        }
      };
      const handle = Reflect.apply(original, this, [wrapped, delay, ...args]) as object;
      if (handle !== null && typeof handle === 'object') {
        handles.set(handle, reg);
        if (!primitivePatched) rememberIds(handle);
      }
      if (timerKey) reg.channel = timerKey;
      return handle;
    });
    return replacement;
  };
  const clear = (original: (handle: unknown) => void) =>
    shapedLike(original, function clearReplacement(this: unknown, handle: unknown) {
      const reg = registrationOf(handle);
      if (reg?.channel && recorder.running !== undefined) {
        const site = sites.siteOf(clearReplacement, original.name || 'clearTimeout', 'write');
        if (site !== undefined) recorder.resource('wr', reg.channel, site, 'cleared');
      }
      // In the order the schedule chose, a postponed run had not happened yet: it never does.
      if (reg) scheduler.forgetCallback(reg, true);
      if (typeof handle === 'number' || typeof handle === 'string') byId.delete(String(handle));
      return Reflect.apply(original, this, arguments);
    });
  /** An immediate's place: after the timers expired when it was registered; registered in the
   *  check phase, not before the timers due on the real clock by then (event-loop-order.ts). Its
   *  callback runs in the check phase, which the scheduler ends (scheduler.ts release). */
  const immediateOrder = () => loopOrder(++order, IMMEDIATE_QUEUE, undefined, undefined, true, clock.fired, clock.checkPhase ? realNow() : undefined);
  const enterCheckPhase = () => {
    clock.checkPhase = true;
  };
  const immediate = (original: typeof setImmediate) => {
    const replacement = shapedLike(original, function (this: unknown, callback: unknown, ...args: unknown[]) {
      const reg = registration(replacement, 'setImmediate', callback, arguments[arguments.length - 1], ANY_CODE | SETTLER | ON_BEHALF);
      if (!reg) return Reflect.apply(original, this, arguments);
      const loop = immediateOrder();
      expect(reg, realNow() + settleMs, loop);
      const handle = Reflect.apply(original, this, [function (this: unknown, ...given: unknown[]) {
        park(reg, loop, () => {
          enterCheckPhase();
          Reflect.apply(callback as Function, this, given);
        }, true);
      }, ...args]) as object;
      if (handle !== null && typeof handle === 'object') handles.set(handle, reg);
      return handle;
    });
    return replacement;
  };
  const patched = {
    setTimeout: timer('setTimeout', globalThis.setTimeout),
    setInterval: timer('setInterval', globalThis.setInterval as unknown as typeof setTimeout),
    setImmediate: immediate(globalThis.setImmediate),
    clearTimeout: clear(globalThis.clearTimeout as (handle: unknown) => void),
    clearInterval: clear(globalThis.clearInterval as (handle: unknown) => void),
    clearImmediate: clear(globalThis.clearImmediate as (handle: unknown) => void),
  };
  for (const [name, fn] of Object.entries(patched)) {
    (globalThis as Record<string, unknown>)[name] = fn;
    (timers as unknown as Record<string, unknown>)[name] = fn;
  }

  // The program's clock reads: a stretch in which it read the clock counts its real time on the
  // timers' clock (event-loop-order.ts LoopClock; fahunt2 FA3, a busy wait between two timers).
  const watchClock = (owner: Record<string, unknown>, name: string) => {
    const original = owner[name] as Function;
    if (typeof original !== 'function' || (original as { [WATCHED]?: true })[WATCHED]) return;
    owner[name] = Object.defineProperty(shapedLike(original, function (this: unknown) {
      if (recorder.inProgram) clock.observe();
      return Reflect.apply(original, this, arguments);
    }), WATCHED, { value: true });
  };
  // `new Date()` reads the clock too. Its constructor is left alone (a wrapped Date would not be
  // `d.constructor`); reading a Date's time counts instead, a busy wait's `getTime()` or its
  // subtraction (valueOf). A Date that is not the clock's counts too: that only keeps a stretch's
  // real time, an order every run on this machine shows (stop 49).
  const watchRealm = (realm: typeof globalThis) => {
    watchClock(realm.Date as unknown as Record<string, unknown>, 'now');
    watchClock(realm.Date.prototype as unknown as Record<string, unknown>, 'getTime');
    watchClock(realm.Date.prototype as unknown as Record<string, unknown>, 'valueOf');
    if (realm.performance) watchClock(realm.performance as unknown as Record<string, unknown>, 'now');
    adoptContextError(realm.Error);
  };
  // A test file that runs in a vm context of its own (Jest; Vitest's vmThreads and vmForks pools)
  // has its own Date: the runner's setup file hands the context over (jest-setup.ts,
  // vitest-setup.ts). Unwatched, a Date.now busy wait between two timers there let the 1 ms timer
  // pass the 5 ms one armed before it, an order no Node run makes (FA3 again, under Jest).
  recorder.watchRealm = watchRealm;
  watchRealm(globalThis);
  watchClock(process as unknown as Record<string, unknown>, 'hrtime');
  watchClock(process.hrtime as unknown as Record<string, unknown>, 'bigint');

  // ---- microtasks ---------------------------------------------------------------------------
  const nextTick = process.nextTick;
  const tick = shapedLike(nextTick, function (this: unknown, callback: unknown, ...args: unknown[]) {
    const reg = registration(tick, 'process.nextTick', callback, arguments[arguments.length - 1]);
    if (!reg) return Reflect.apply(nextTick, this, arguments);
    return Reflect.apply(nextTick, this, [(...given: unknown[]) => runNow(reg, callback as Function, undefined, given), ...args]);
  });
  process.nextTick = tick;
  const queueMicrotask = globalThis.queueMicrotask;
  const microtask = shapedLike(queueMicrotask, function (this: unknown, callback: unknown) {
    const reg = registration(microtask, 'queueMicrotask', callback, callback);
    if (!reg) return Reflect.apply(queueMicrotask, this, arguments);
    return Reflect.apply(queueMicrotask, this, [() => runNow(reg, callback as Function, undefined, [])]);
  });
  globalThis.queueMicrotask = microtask;

  const then = Promise.prototype.then;
  const reaction = (reg: Registration, callback: unknown) =>
    typeof callback === 'function' ? function (this: unknown, value: unknown) { return runNow(reg, callback, this, [value]); } : callback;
  const thenReplacement = shapedLike(then, function (this: Promise<unknown>, onFulfilled?: unknown, onRejected?: unknown) {
    // Fast path: no instrumented code runs (libraries, the runner, await's own resolution jobs).
    if (recorder.running === undefined) return Reflect.apply(then, this, arguments);
    const reg = registration(thenReplacement, 'then', typeof onFulfilled === 'function' ? onFulfilled : onRejected, arguments[arguments.length - 1]);
    if (!reg) return Reflect.apply(then, this, arguments);
    // Issue 30: registering on a promise whose settlement is a channel reads it.
    const settlement = channels ? recorder.promiseChannel(this) : undefined;
    if (settlement !== undefined) recorder.resource('rd', settlement, reg.site);
    return Reflect.apply(then, this, [reaction(reg, onFulfilled), reaction(reg, onRejected)]);
  });
  const finallyOriginal = Promise.prototype.finally;
  const finallyReplacement = shapedLike(finallyOriginal, function (this: Promise<unknown>, onFinally?: unknown) {
    if (recorder.running === undefined) return Reflect.apply(finallyOriginal, this, arguments);
    const reg = registration(finallyReplacement, 'finally', onFinally, onFinally);
    if (!reg) return Reflect.apply(finallyOriginal, this, arguments);
    return Reflect.apply(finallyOriginal, this, [() => runNow(reg, onFinally as Function, undefined, [])]);
  });
  Object.defineProperty(Promise.prototype, 'then', { value: thenReplacement, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(Promise.prototype, 'finally', { value: finallyReplacement, writable: true, enumerable: false, configurable: true });

  // ---- I/O completion callbacks and promises ----------------------------------------------------
  /** Inside a wrapped I/O call: the listeners Node adds meanwhile (execFile's 'close' handler,
   *  which calls the program's callback) are Node's, not the program's. */
  let nodeCalls = 0;
  const insideNode = (fn: Function, self: unknown, args: unknown[]): unknown => {
    nodeCalls++;
    try {
      return Reflect.apply(fn, self, args);
    } finally {
      nodeCalls--;
    }
  };
  /** The wrapped call; bad arguments throw synchronously, and then the completion never comes. */
  const callForgetting = (reg: Registration, fn: Function, self: unknown, args: unknown[]): unknown => {
    try {
      return insideNode(fn, self, args);
    } catch (error) {
      scheduler.forgetCallback(reg, true);
      throw error;
    }
  };
  /** `owner[name]`, whose last argument is a completion callback: the callback is delay-injected.
   *  Two I/O completions have no order of their own: each is free against the others. */
  const ioCallback = (owner: Record<string, unknown>, api: string, name: string) => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    const replacement = shapedLike(original, function (this: unknown, ...args: unknown[]) {
      const callback = args[args.length - 1];
      const reg = registration(replacement, api, callback, callback, ANY_CODE);
      if (!reg) return Reflect.apply(original, this, args);
      const loop = loopOrder(++order);
      expect(reg, realNow() + settleMs, loop);
      args[args.length - 1] = function (this: unknown, ...given: unknown[]) {
        loop.order = ++order;
        park(reg, loop, () => Reflect.apply(callback as Function, this, given), true);
      };
      const result = callForgetting(reg, original, this, args);
      // A child process's callback comes from its 'close' event, after the child's earlier
      // events and before the program's own 'close' listeners: one channel with its events,
      // in the order Node fired them.
      if (result instanceof EventEmitter) loop.channel = result;
      return result;
    });
    owner[name] = replacement;
  };
  for (const name of FS_CALLBACK_APIS) ioCallback(fs as unknown as Record<string, unknown>, `fs.${name}`, name);
  for (const [module, names] of Object.entries(IO_CALLBACK_APIS)) {
    const exports = builtin(`node:${module}`) as Record<string, unknown>;
    for (const name of names) ioCallback(exports, `${module}.${name}`, name);
  }

  /** `owner[name]` returns a promise whose settlement is a completion (`loopOf`: its place in the
   *  loop's queues): the settlement is delay-injected as a callback would be — the program's
   *  promise settles when the schedule runs it. */
  const promised = (owner: Record<string, unknown>, api: string, name: string, loopOf: (args: unknown[]) => [LoopOrder, number | undefined], onRun?: (loop: LoopOrder) => void) => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    const replacement = shapedLike(original, function (this: unknown, ...args: unknown[]) {
      const reg = registered(replacement, api, args[args.length - 1]);
      if (!reg) return Reflect.apply(original, this, args);
      const [loop, deadline] = loopOf(args);
      expect(reg, deadline, loop);
      const result = callForgetting(reg, original, this, args);
      if (!(result instanceof Promise)) {
        scheduler.forgetCallback(reg, true);
        return result;
      }
      // A stream's completion (stream/promises) follows its events: one channel with them, in
      // the order Node fired them (the program's 'finish' listener before pipeline's result).
      const stream = api.startsWith('stream.') ? args.findLast((arg) => arg instanceof EventEmitter) : undefined;
      if (stream) loop.channel = stream;
      const settled = (settle: (value: unknown) => void) => (value: unknown) => {
        if (stream) loop.order = ++order;
        park(reg, loop, () => { onRun?.(loop); settle(value); }, true);
      };
      return new Promise((resolve, reject) => PROMISE_THEN.call(result, settled(resolve), settled(reject)));
    });
    owner[name] = replacement;
  };
  const io = (): [LoopOrder, number] => [loopOrder(++order), realNow() + settleMs];
  for (const [module, names] of Object.entries(IO_PROMISE_APIS)) {
    const exports = builtin(`node:${module}`) as Record<string, unknown>;
    for (const name of names) promised(exports, `${module.replace('/', '.')}.${name}`, name, io);
  }
  const timersPromises = builtin('node:timers/promises') as Record<string, unknown>;
  promised(timersPromises, 'timers.promises.setTimeout', 'setTimeout', ([delay]) => {
    const ms = timerDelay(delay);
    const loop = loopOrder(++order, undefined, clock.look() + ms, order, undefined, undefined, realNow() + ms);
    return [loop, ms <= settleMs ? realNow() + ms + 2 : undefined];
  }, (loop) => clock.reach(loop.expiry!));
  // As setImmediate's (unseen3's `while (…) await setImmediate()` poll from node:timers/promises
  // spun on when it was not).
  promised(timersPromises, 'timers.promises.setImmediate', 'setImmediate', () => [immediateOrder(), realNow() + settleMs], enterCheckPhase);

  // ---- events Node emits from I/O -------------------------------------------------------------
  // The program's listeners (added while its instrumented code runs) are remembered; an event
  // Node (or a library) emits with no code of the program's on the stack came from I/O, and is
  // delivered to them later, as a whole (delay injection of the event): one decision, then the
  // program's listeners registered at that moment, in order — as if the event had arrived then.
  // Node's and libraries' own listeners hear it at once (their state machines stay Node's).
  const listenerRegs = new WeakMap<Function, Registration>();
  const emitters = new WeakMap<object, Registration>();
  const proto = EventEmitter.prototype as unknown as Record<string, Function>;
  const rawListeners = proto.rawListeners;
  const listenerOf = (fn: unknown): Registration | undefined =>
    typeof fn === 'function' ? (listenerRegs.get(fn) ?? listenerRegs.get((fn as { listener?: Function }).listener as Function)) : undefined;
  // Issue 30: an emitter's events are a channel, shared state like a field. The program's emit
  // writes `event:<Class>#<n>:<type>`, its listener registration reads it (it looks whether the
  // event came yet: an emit before the registration is a lost notification).
  const channelIds = new WeakMap<object, string>();
  let channelCount = 0;
  const channelOf = (emitter: object, type: unknown) => {
    let id = channelIds.get(emitter);
    if (id === undefined) {
      const proto = types.isProxy(emitter) ? undefined : Reflect.getPrototypeOf(emitter);
      const ctor = proto ? Object.getOwnPropertyDescriptor(proto, 'constructor')?.value : undefined;
      const name = typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name ? ctor.name : 'EventEmitter';
      channelIds.set(emitter, (id = `${name}#${++channelCount}`));
    }
    return `event:${id}:${typeof type === 'symbol' ? type.description ?? 'symbol' : String(type)}`;
  };
  // `last`: the call's last argument. A call of instrumented code that marked it (`cs`: `emit`,
  // `on`, … are marked names) has one caller, so its stack is captured once per call expression
  // and event type, not at every emit (issue 33).
  const channel = (wrapper: Function, emitter: object, type: unknown, kind: 'rd' | 'wr', last: unknown, call?: string) => {
    if (type === 'newListener' || type === 'removeListener' || type === 'error') return;
    const name = call ?? (kind === 'wr' ? `emit(${String(type)})` : `on(${String(type)})`);
    const site = sites.atMark(last, `${name}:${kind}`, () => sites.siteOf(wrapper, name, kind === 'wr' ? 'write' : 'read'));
    if (site !== undefined) recorder.resource(kind, channelOf(emitter, type), site);
  };
  const adder = (name: string) => {
    const original = proto[name];
    const replacement = shapedLike(original, function (this: object, type: unknown, listener: unknown) {
      if (channels && recorder.running !== undefined && nodeCalls === 0 && typeof listener === 'function') channel(replacement, this, type, 'rd', arguments[arguments.length - 1]);
      if (recorder.running !== undefined && nodeCalls === 0 && typeof listener === 'function' && !listenerRegs.has(listener)) {
        const inner = (listener as { listener?: unknown }).listener;
        const reg = registration(replacement, `'${String(type)}' listener`, typeof inner === 'function' ? inner : listener, arguments[arguments.length - 1], VIA_NODE);
        if (reg) {
          listenerRegs.set(listener, reg);
          // Its place among the emitter's listeners is an order (explored-steps.ts LOOP).
          scheduler.queued();
          if (!emitters.has(this)) emitters.set(this, { id: ++registrations, site: reg.site, by: reg.by, runs: 0 });
        }
      }
      return Reflect.apply(original, this, arguments);
    });
    return replacement;
  };
  const on = adder('on');
  proto.on = on;
  proto.addListener = on;
  proto.prependListener = adder('prependListener');
  const emit = proto.emit;
  proto.emit = shapedLike(emit, function emitReplacement(this: object, type: unknown, ...args: unknown[]): boolean {
    if (channels && recorder.running !== undefined && nodeCalls === 0) channel(emitReplacement, this, type, 'wr', args.length ? args[args.length - 1] : type);
    // The mark of this emit (instrumented code) is used or not wanted: a later call is not it.
    if (recorder.callMark !== undefined) sites.clearMark();
    const emitter = emitters.get(this);
    if (!emitter || type === 'error') return Reflect.apply(emit, this, [type, ...args]) as boolean;
    if (recorder.running !== undefined || sites.onStack(emitReplacement)) {
      // The program emits synchronously: the events Node emitted on it before go first.
      scheduler.flushChannel(this);
      return Reflect.apply(emit, this, [type, ...args]) as boolean;
    }
    // Node emits from I/O: the events it emitted on this emitter before, still parked for the
    // program's listeners, came first — Node's and libraries' own listeners must not hear a
    // stream's 'end' before the program heard its last 'data' (fahunt 2 FA2: `await once(s,
    // 'end')` returned a checksum of half the chunks).
    scheduler.flushChannel(this);
    const listeners = Reflect.apply(rawListeners, this, [type]) as Function[];
    const program = listeners.filter((l) => listenerOf(l));
    // An event nobody listens to yet is delayed too: a listener the program adds before it is
    // delivered hears it (it arrived later), one added after does not (it arrived earlier).
    if (!program.length && (listeners.length || type === 'newListener' || type === 'removeListener')) return Reflect.apply(emit, this, [type, ...args]) as boolean;
    for (const listener of listeners) if (!listenerOf(listener)) Reflect.apply(listener, this, args);
    const first = program.length ? listenerOf(program[0])! : emitter;
    const event: Registration = { id: emitter.id, site: first.site, by: first.by, runs: emitter.runs++ };
    park(event, loopOrder(++order, this), () => {
      let task = true;
      for (const listener of Reflect.apply(rawListeners, this, [type]) as Function[]) {
        const reg = listenerOf(listener);
        if (!reg) continue;
        if (task) {
          task = false;
          Reflect.apply(listener, this, args);
          continue;
        }
        // Each further listener is a task of its own too, in the same event-loop turn.
        const act = recorder.callbackActivation(reg.site, reg.by);
        recorder.runCallback(act, () => Reflect.apply(listener, this, args));
      }
    });
    return listeners.length > 0;
  });
  // Issue 30: a stream's events are the same channels, and the program's own calls bring them
  // about, though Node emits them: `end()` writes its 'finish', `push(chunk)` its 'data' and
  // `push(null)` its 'end'; `write()` reads 'finish' (it needs the stream not ended yet). So a
  // write after another task's end, or a 'finish' listener added after the end, is an order on
  // the stream's channel. Duplex copies Writable's methods: both prototypes are wrapped.
  if (channels) {
    const streamCall = (target: object, method: string, channelOf: (args: IArguments) => [type: string, kind: 'rd' | 'wr'] | undefined) => {
      const methods = target as Record<string, Function>;
      const original = methods[method];
      if (typeof original !== 'function') return;
      const replacement = shapedLike(original, function (this: object) {
        const op = recorder.running !== undefined && nodeCalls === 0 ? channelOf(arguments) : undefined;
        if (op) channel(replacement, this, op[0], op[1], arguments[arguments.length - 1], `${method}()`);
        return Reflect.apply(original, this, arguments);
      });
      methods[method] = replacement;
    };
    for (const target of [stream.Writable.prototype, stream.Duplex.prototype]) {
      streamCall(target, 'end', () => ['finish', 'wr']);
      streamCall(target, 'write', () => ['finish', 'rd']);
    }
    streamCall(stream.Readable.prototype, 'push', (args) => [args[0] === null ? 'end' : 'data', 'wr']);
  }
  Module.syncBuiltinESMExports();
}
