// Suspension points: `await`, `yield`, `for await` (`aw`, `ac`, `sp`, `rs`, `rc`). They keep the
// activation tree exact with no extra promise ticks and, under the controlled scheduler, are where
// a task parks until the strategy picks it (scheduler.ts).
import { types } from 'node:util';
import { identityOf } from '../value-capture.js';
import { type Activation, type Frame, taskOfFrame } from './recorder-base.js';
import { CallbackTaskRecorder } from './callback-tasks.js';

/** `pa` saw no argument since the last `po`. */
const NO_ARGUMENT: unknown = Symbol('no argument');

export class AwaitRecorder extends CallbackTaskRecorder {
  /** Promises the program's own code made settled and handed on — `Promise.resolve(v)` of a
   *  value that is no thenable, `Promise.reject(e)`, `Promise.resolve()`, not written as an
   *  await's own operand (scheduled runs; `po`): awaiting one is no I/O, as an await of the
   *  program's own async function that ran to its end is not (the contract's rule 3,
   *  docs/how-it-works.md). A 2-permit semaphore whose `acquire()` returns `Promise.resolve()`
   *  while a permit is free was scheduled as a mutex without it. */
  private readonly ownSettled = new WeakSet<object>();
  private promiseArgument: unknown = NO_ARGUMENT;

  // ---- suspension points --------------------------------------------------------------------

  /** Before `await value` (or `yield`): the activation suspends; control returns to what ran
   *  before this segment. */
  aw<T>(frame: Frame, site: number, value: T): T {
    return this.suspend(frame, site, value, undefined, false);
  }

  /** `settled`: the operand is the promise of a call of the program's async function that ran to
   *  its end without suspending. */
  protected suspend<T>(frame: Frame, site: number, value: T, child: Activation | undefined, settled: boolean, returned?: Activation): T {
    const act = frame.act;
    this.settledCall = undefined;
    this.madeCall = undefined;
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
    // Where the awaited promise was made, for a hang's story: a `new Promise(…)` awaited directly,
    // or the one the awaited call returned (a call that suspended first returns it later: read
    // from its activation at the stall, ParkInfo.madeBy). The activation must be the call's as
    // written (`await this.pool.take()` of Pool.take), not one that ran just before an
    // uninstrumented call or a `.then(…)` chained to it: no story says more than it knows.
    const made = (typeof value === 'object' && value !== null ? this.madePromises.get(value) : undefined) ??
      (returned && this.isAwaitedCallee(returned, site) ? returned.made : undefined);
    const madeBy = !made && child && this.isAwaitedCallee(child, site) ? child : undefined;
    if (child && typeof value === 'object' && value !== null) this.dependentPromises.set(value, child);
    const lock = act?.lastLock;
    const innerGrant = act?.innerGrant === true;
    if (!settled && typeof value === 'object' && value !== null && this.ownSettled.has(value)) settled = true;
    if (innerGrant) act!.innerGrant = undefined;
    return scheduler.park(act, site, value, {
      ...taskOfFrame(frame),
      child: child ?? (known === true ? undefined : known),
      // An await of test code (outside `include`, no activation) while instrumented activations
      // are open: its operand waits for them (pitfall 1), not for I/O.
      dependent: known === true || (!act && this.open > 0),
      ...(lock !== undefined && lock !== null && typeof lock === 'object' ? { lock: identityOf(lock) } : {}),
      ...(made ? { made } : madeBy ? { madeBy } : {}),
      // A lock's grant is no I/O: Node runs it with no delay. Neither is a lock's own workings,
      // nor the test's own sequencing (test code: no activation), when what they await settles at
      // once — not a timer or I/O (docs/how-it-works.md, the contract's rules 2 and 3).
      // Nor is an await of the program's own async function that ran to its end (its promise is
      // settled: a memo hit, a permit free); a stub of test code's, or one whose promise waits for
      // another, stays the mocked-I/O delay (rule 2). Nor is an await of a library's call
      // (promptSites, active/library-awaits.ts) whose promise settled at once: it did no I/O.
      ...((lock !== undefined && lock !== null) || innerGrant ? { prompt: 'always' as const } : !act || settled || this.insideLockObject(act) || this.promptSites.has(site) ? { prompt: 'if-immediate' as const } : {}),
    }) as T;
  }

  /** `await f(…)`: the operand is the call itself, so a child that just suspended is awaited
   *  directly and stays in this task. */
  ac<T>(frame: Frame, site: number, value: T): T {
    const pending = this.pending;
    const child = pending && pending.parent === frame.act ? pending : undefined;
    const done = this.settledCall;
    const returned = this.madeCall;
    this.settlePending(frame.act, true);
    return this.suspend(frame, site, value, child, child === undefined && done !== undefined && done.parent === frame.act,
      child === undefined && returned !== undefined && returned.parent === frame.act ? returned : undefined);
  }

  /** Whether `act` is a call of the function the await site's call names (by its last part). */
  private isAwaitedCallee(act: Activation, site: number): boolean {
    const callee = this.awaitedCallees.get(site);
    return callee !== undefined && callee === this.functions[act.fn]?.method;
  }

  /** `new Promise(executor)` in scheduled runs: `np(site, frame, new Promise(executor))` hands the
   *  new promise back unchanged (the site and frame arguments are evaluated first and have no
   *  effect; an executor that throws, or a `Promise` that is no constructor, throws before this
   *  call, as without it). It remembers where the promise was made and by which activation — the
   *  one whose code holds its resolve function — for a hang's story (StallEvent.parked[].made).
   *  Outside a frame (module top level, a frameless function of test code) the activation is the
   *  one running. */
  np<T>(site: number, frame: Frame | undefined, value: T): T {
    if (this.scheduler && typeof value === 'object' && value !== null) {
      const act = frame ? frame.act : this.current;
      this.madePromises.set(value, { s: site, a: act ? act.id : null });
      const channel = this.madeChannels.get(site)?.pop();
      if (channel !== undefined) this.promiseChannels.set(value, channel);
    }
    return value;
  }


  /** `Promise.resolve(x)` in scheduled runs: `po(Promise.resolve(pa(x)), 1)` — the argument as
   *  the call gets it, evaluated once, in its place. */
  pa<T>(value: T): T {
    this.promiseArgument = value;
    return value;
  }

  /** `po(Promise.resolve(…), 1)`, `po(Promise.resolve(), 0)`, `po(Promise.reject(…), 0)` (scheduled
   *  runs): hands `result` back unchanged, and remembers it as settled by the program's own code
   *  when it is a new native promise — a resolve of a value that may be a thenable (an object with
   *  a `then` anywhere on its chain, a proxy) or of a promise (which it returns as it is: a stub's
   *  promise passed through stays the stub's) is not. Nothing of the value is read but its
   *  own property descriptors: no getter runs. */
  po<T>(result: T, kind: 0 | 1): T {
    const argument = this.promiseArgument;
    this.promiseArgument = NO_ARGUMENT;
    if (!types.isPromise(result) || (kind === 1 && (argument === NO_ARGUMENT || argument === result || !plainValue(argument)))) return result;
    this.ownSettled.add(result);
    return result;
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

  /** The activation runs a lock object's own method or is called from one (LockRecorder). */
  protected insideLockObject(_act: Activation | undefined): boolean {
    return false;
  }

  /** After the await (or yield) resumes. */
  rs<T>(frame: Frame, site: number, value: T): T {
    frame.prev = this.current;
    this.current = frame.act;
    if (frame.act) this.writer.write({ e: 'rs', a: frame.act.id, s: site });
    const scheduler = this.scheduler;
    if (!scheduler) return value;
    scheduler.resumed(frame.act);
    return scheduler.unbox(value);
  }

  /** Entering a catch or finally block of a function with suspension points: an await that threw
   *  skipped `rs`. */
  rc(frame: Frame): void {
    if (this.current !== frame.act) {
      frame.prev = this.current;
      this.current = frame.act;
    }
  }

}

/** A value `Promise.resolve` fulfils a promise with at once: no object or function with a `then`
 *  (own or inherited, read by descriptor), no proxy. */
function plainValue(value: unknown): boolean {
  for (let o = value; (typeof o === 'object' && o !== null) || typeof o === 'function'; o = Object.getPrototypeOf(o)) {
    if (types.isProxy(o) || Object.getOwnPropertyDescriptor(o, 'then') !== undefined) return false;
  }
  return true;
}
