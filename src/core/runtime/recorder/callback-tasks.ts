// Callback tasks (issue 20, runtime/callbacks.ts): each run of a callback that Node.js may
// reorder — a timer, an immediate, an I/O completion, an emitted event — is a task of its own,
// spawned by the task that registered it, so traces, violations and strategies see it as one.
import { type Activation, CALLBACK_IDS } from './recorder-base.js';
import { CallRecorder } from './calls.js';

export class CallbackTaskRecorder extends CallRecorder {
  /** The last marked call of a callback-registering function (instrumenter): its site and last
   *  argument; callbacks.ts's registration takes them (and learns the site without a stack). */
  callMark: number | undefined;
  callValue: unknown;

  /** `f(…, cs(site, last))`: marks the call about to happen. */
  cs<T>(site: number, value: T): T {
    this.callMark = site;
    this.callValue = value;
    return value;
  }

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
}
