// Did one test process run concurrent work? Read from its trace events in order, by
// localize/run-orders.ts (rank) and active/violation.ts (every fuzz run), so `rank` and `fuzz`
// say "no concurrent work" on the same evidence (issues 14 and 29).
//
// Concurrent work is two tasks alive at once (DESIGN §2): a spawned task still running when its
// caller went on (a call not awaited at once, a callback task — a timer, an I/O completion, a
// promise reaction), two async calls the uninstrumented test made that were both unfinished, or
// two callers of one lock between their request and their release.
// The scheduler's decisions alone cannot tell it: a correct program can run two tasks at once and
// still leave the scheduler one candidate per decision (a memoized in-flight promise both tasks
// await: examples/memo-fetch/fixed), and that is a check that ran.
import type { TraceEvent } from '../runtime/trace-events.js';
import type { TraceFileInfo } from './read-trace.js';

export class ConcurrencyProbe {
  /** Instrumented calls entered: none means the process ran none of the analyzed code. */
  calls = 0;
  concurrent = false;
  /** Activations entered from uninstrumented code (the test) and not exited yet. */
  private readonly openTop = new Set<number>();
  /** Every activation entered and not exited yet. */
  private readonly open = new Set<number>();
  /** Async activations entered and not exited yet. */
  private readonly asyncOpen = new Set<number>();
  /** Per lock, the activations that asked for it and have not released it yet. */
  private readonly lockUsers = new Map<number, Set<number | null>>();

  see(event: TraceEvent, info: TraceFileInfo): void {
    // The recorder also marks a call the uninstrumented test made and awaited as spawned, once
    // it has finished: that one ran alone.
    if (event.e === 'spawn' && this.open.has(event.a)) this.concurrent = true;
    else if (event.e === 'lk') {
      // Two callers in one lock's queue or region at once: `return lock.runExclusive(…)` returns
      // at once, so the calls are over while their work waits in the lock (no await, no spawn).
      let users = this.lockUsers.get(event.lock);
      if (!users) this.lockUsers.set(event.lock, (users = new Set()));
      if (event.op === 'request') {
        if ([...users].some((a) => a !== event.a)) this.concurrent = true;
        users.add(event.a);
      } else if (event.op === 'release') users.delete(event.a);
    } else if (event.e === 'ex' || event.e === 'exc') {
      this.openTop.delete(event.a);
      this.open.delete(event.a);
      this.asyncOpen.delete(event.a);
    } else if (event.e === 'en') {
      const async = info.functions.get(event.f)?.async === true;
      this.open.add(event.a);
      this.calls++;
      if (event.p === null && async) {
        // Two activations the test started are both unfinished: it runs them at once. So is a
        // new one while an async call an earlier one made is still running (`return this.store
        // .incr(k)`: the test's call returned, its work goes on).
        if (this.openTop.size || this.asyncOpen.size > 0) this.concurrent = true;
        this.openTop.add(event.a);
      }
      if (async) this.asyncOpen.add(event.a);
    }
  }
}
