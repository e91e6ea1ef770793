// Node's happens-before rules between macrotask callbacks, for delay injection (issue 20; NACD's
// model of the Node API: a callback Node made runnable may be postponed, never run early;
// NodeRacer's happens-before relations decide which postponements stay legal orders). The
// scheduler parks every macrotask callback the program registered when Node runs it; a parked
// callback is eligible only while no parked callback that must precede it is still waiting.
// Microtasks (process.nextTick, queueMicrotask, promise reactions) are not reorderable at all:
// Node drains the nextTick queue, then the microtask queue, FIFO, before any other callback, so
// their only legal order is Node's own; they run where Node runs them (callbacks.ts).
//
// The rules (a must precede b):
//   - FIFO within a queue: two callbacks of one channel (the setImmediate queue, one interval's
//     ticks, one emitter's events — the callbacks of one I/O stream) run in the order Node made
//     them runnable;
//   - timers run by expiry, then in the order they were armed (Node keeps one FIFO list per
//     duration and runs the lists by expiry). Expiries are on a virtual clock (DESIGN §7 pitfall
//     3): a timer armed at virtual time V with delay d expires at V + d, and the clock moves to a
//     timer's expiry when it runs; other callbacks take no time, I/O any time. So a timer never
//     runs before an earlier-armed one with a smaller or equal delay, timers armed in one turn
//     run by delay, and an interval's tick never passes a timer that expires before it — every
//     order this allows is one a real run shows for some I/O durations;
//     The exception (LoopClock): Node arms a timer against the real clock, so the real time of
//     a long stretch in which the program read the clock moves the virtual clock too (fahunt2
//     FA3: a 5 ms timer, a 10 ms busy wait, a 1 ms timer: the 5 ms one fires first in every run);
//   - an immediate registered from an immediate's callback does not precede the timers due on
//     the real clock by then: the loop passes its timers phase first (and time passes there, or
//     a setImmediate polling loop would never let a timer run);
//   - an immediate runs before every timer that had not expired on the virtual clock when the
//     immediate was registered: the loop reaches a check phase before time passes (so at the
//     main module's top level `setImmediate` comes before `setTimeout(…, 5)`, as in a plain run
//     of an idle process).
// Two I/O completions (fs callbacks, requests, different sockets), and an I/O completion against
// a timer or an immediate, have no order: the thread pool and the network decide it.

import { performance } from 'node:perf_hooks';

/** The real clock for the runtime's own use, taken before the program's clock reads are watched
 *  (callbacks.ts): the scheduler's reads are not the program's. */
export const realNow: () => number = performance.now.bind(performance);

const QUEUE_MICROTASK = queueMicrotask;
/** A stretch counts from this long on: a step that merely ran slowly once (a busy machine, a
 *  garbage collection) leaves the virtual order, and so the seed's replay, as it was. */
const LONG_STRETCH_MS = 5;

/** The timers' virtual clock. Callbacks take no time and I/O any time, except that the real time
 *  a stretch of code runs without yielding counts when the program read the clock in it (a busy
 *  wait, a deadline): the time it measured passes in every Node run, between the timers it arms.
 *  Unread, a stretch's time is the machine's speed, which no run can rely on. A stretch is a
 *  scheduler step (the continuation or callback it released and that step's microtasks) or,
 *  outside steps, one synchronous run of code. Time between stretches (I/O, the scheduler's own
 *  waits and decisions) does not count, nor does a stretch shorter than LONG_STRETCH_MS, so
 *  other runs keep the pure virtual clock's schedules, and a seed replays them. */
export class LoopClock {
  /** Virtual milliseconds: the time a timer armed now counts its delay from. */
  now = 0;
  /** The latest expiry of a timer that ran: an immediate registered now runs before every timer
   *  expiring after it. Not `now`: an immediate registered in an I/O callback (or the microtasks
   *  after it) runs before any timer, however long that callback ran, since the loop's check
   *  phase comes before its timers phase (the fahunt2 watchdog: a 0 ms timer armed in a readFile
   *  callback, a setImmediate in the continuation after it). */
  fired = 0;
  private start = 0;
  private base = 0;
  private open = false;
  /** The loop is in its check phase: the last callback run was an immediate's, and only the
   *  continuations it settled (prompt ones) ran since (the scheduler clears it otherwise). */
  checkPhase = false;
  /** Which stretch a queued close is for: a step begun since keeps its own. */
  private generation = 0;
  /** The stretch in which the program last read the clock. */
  private observedIn = -1;
  private readonly closeRun = (generation: number) => () => {
    if (generation === this.generation) this.open = false;
  };

  /** The clock now, the current stretch's real time counted. */
  look(): number {
    const now = realNow();
    if (!this.open) {
      this.begin(now);
      QUEUE_MICROTASK(this.closeRun(this.generation));
    } else if (this.observedIn === this.generation && now - this.start >= LONG_STRETCH_MS) {
      // Wall time, as Node's timers count it: on a busy machine a stretch the process was set
      // aside in lasts longer in every Node run too (so its replay may take other timer orders;
      // counting the CPU time alone made orders no run on that machine can).
      this.now = Math.max(this.now, this.base + Math.floor(now - this.start));
    }
    return this.now;
  }

  /** The program read the clock (Date.now, performance.now, process.hrtime). */
  observe(): void {
    if (!this.open) this.look();
    this.observedIn = this.generation;
  }

  /** A scheduler step begins, after its decision: it is one stretch until `end`. */
  step(): void {
    this.begin(realNow());
  }

  /** The step's microtasks are over. */
  end(): void {
    if (this.open) this.look();
    this.open = false;
    this.generation++;
  }

  /** A timer expiring at `expiry` runs: the clock is at least there; the stretch goes on from it. */
  reach(expiry: number): void {
    if (expiry > this.fired) this.fired = expiry;
    const now = this.look();
    if (expiry > now) {
      this.now = expiry;
      this.base = expiry;
      this.start = realNow();
    }
  }

  private begin(now: number): void {
    this.generation++;
    this.open = true;
    this.start = now;
    this.base = this.now;
  }
}

/** A parked (or registered) macrotask callback's place in the event loop's queues. */
export interface LoopOrder {
  /** FIFO group: callbacks of one channel run in `order`. */
  channel?: unknown;
  /** When Node made it runnable (its registration for timers, immediates, I/O; its firing for
   *  interval ticks and emitter events), counted over the process. */
  order: number;
  /** Timers: the virtual expiry, and when the timer was armed (counted as `order` is). */
  expiry?: number;
  armed?: number;
  /** An immediate: the setImmediate queue; `clock`: the virtual time it was registered at. */
  immediate?: boolean;
  clock?: number;
  /** Real time (realNow): a timer's when it is due; an immediate's when it was registered from
   *  an immediate's callback (the check phase), else undefined. */
  real?: number;
}

export const IMMEDIATE_QUEUE = 'setImmediate';

/** A LoopOrder with every field present, in one order: one object shape for all of them, so
 *  mustPrecede, which runs for every pair of candidates at every decision, sees one shape and its
 *  compiled code stays small (issue 33: the first scheduled run's time goes largely to compiling
 *  the runtime's hot functions). */
export function loopOrder(order: number, channel?: unknown, expiry?: number, armed?: number, immediate?: boolean, clock?: number, real?: number): LoopOrder {
  return { channel, order, expiry, armed, immediate, clock, real };
}

/** Whether `a`, still waiting, must run before `b`. */
export function mustPrecede(a: LoopOrder, b: LoopOrder): boolean {
  if (a.channel !== undefined && a.channel === b.channel) return a.order < b.order;
  if (a.expiry !== undefined && b.expiry !== undefined) return a.expiry < b.expiry || (a.expiry === b.expiry && a.armed! < b.armed!);
  // An immediate registered in the check phase runs in the next loop iteration, after the timers
  // phase runs the timers due by then on the real clock: those it no longer precedes (a loop that
  // polls with setImmediate until a timer's callback ran spun forever on the virtual clock).
  if (a.immediate && b.expiry !== undefined) return b.expiry > a.clock! && !(a.real !== undefined && b.real !== undefined && b.real <= a.real);
  return false;
}
