// Calls (`en`, `rt`, `ex`, `lv`) and inline callbacks (`cb`, `ct`, `lc`): the activation tree,
// exactly, with each call's parameters, `this` and result captured at ENTER and EXIT (Daikon's
// program points, 004 §III).
import { addVars, beginVars, captureInto, endVarsBody, varKeyOf } from '../value-capture.js';
import { enterLine, exitLine } from '../trace-writer.js';
import type { TraceVars } from '../trace-events.js';
import { type Activation, type CallbackFrame, encodeError, isPlainPromise, mayBeThenable, PROMISE_THEN, RecorderBase } from './recorder-base.js';

const THIS_KEY = varKeyOf('this');
const RETURN_KEY = varKeyOf('return');

export class CallRecorder extends RecorderBase {
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
      // Its slot made with the object: set after, as a new property, it took a backing store per call.
      act: undefined,
    } as unknown as Activation;
    act.act = act;
    const info = this.functions[fn];
    beginVars();
    if (info) for (let i = 0; i < info.params.length; i++) addVars(info.paramKeys[i], args[i], this.options.depth - 1);
    if (thisValue !== undefined && info?.kind !== 'constructor') addVars(THIS_KEY, thisValue, this.options.depth);
    this.writer.writeLine(enterLine(act.id, parent ? parent.id : null, fn, ++this.callOrder, endVarsBody()));
    this.open++;
    this.current = act;
    if (this.scheduler && this.atomicFns.has(fn)) act.atomicTask = this.scheduler.atomicEnter(act, fn);
    return act;
  }

  protected recordExit(act: Activation, value: unknown, line: number): void {
    const info = this.functions[act.fn];
    beginVars();
    // Parameters again at EXIT: an object parameter's fields may have changed (account.balance).
    if (info) for (let i = 0; i < info.params.length; i++) addVars(info.paramKeys[i], act.args[i], this.options.depth - 1);
    if (info?.kind !== 'constructor') addVars(RETURN_KEY, value, this.options.depth - 1);
    if (act.thisValue !== undefined) addVars(THIS_KEY, act.thisValue, this.options.depth);
    this.writer.writeLine(exitLine(act.id, act.fn, line, endVarsBody()));
  }

  /** `return value` at `line`. An async function's promise result is recorded when it settles. */
  rt<T>(act: Activation, value: T, line: number): T {
    if (act.exited) return value;
    act.exited = true;
    this.open--;
    const isAsync = this.functions[act.fn]?.async;
    // Only the scheduler asks (an await of a call that returned at once, `lv`): trace-only runs skip it.
    if (isAsync && this.scheduler && mayBeThenable(value)) {
      act.adopts = true;
      // `return new Promise(…)`: an await of this call waits for that promise (a hang names where
      // it was made). A WeakMap lookup runs no user code, a Proxy's traps included.
      const made = typeof value === 'object' && value !== null ? this.madePromises.get(value) : undefined;
      if (made) act.made = made;
    }
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

  protected recordThrow(act: Activation, error: unknown): void {
    const vars: TraceVars = {};
    if (act.thisValue !== undefined) captureInto(vars, 'this', act.thisValue, this.options.depth);
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
    if (this.scheduler) {
      this.settledCall = !act.suspended && !act.adopts && this.functions[act.fn]?.async ? act : undefined;
      this.madeCall = !act.suspended && act.made ? act : undefined;
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
    if (act?.exited && running) {
      // Written in a function that has returned and called synchronously by another (a listener
      // added in a constructor, run by a later emit): it runs in its caller's flow, not as the
      // finished activation — else every emit's listener counted as one task.
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
}
