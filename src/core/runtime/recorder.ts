// The recorder: the runtime API that instrumented code calls (installed as globalThis.__conlens by
// the register entry). It keeps the activation tree — which activation's code runs now — exactly,
// with no extra promise ticks: rewritten awaits and yields tell it when an activation suspends
// (`aw`) and resumes (`rs`), so the caller's code after a suspension runs as the caller again.
// Inline callbacks run as the function around them (their lexical activation).
// Task labels (DESIGN §2): an async activation whose caller goes on without awaiting it directly
// is a spawned task (`spawn` event); the trace reader turns that into T1, T2, …
// The event kinds live in recorder/, one layer each: calls and inline callbacks, callback tasks,
// suspension points, locks, field accesses, collections (on recorder-base.ts's shared state).
import type { EndEvent, TestCaseEvent } from './trace-events.js';
import { encodeError } from './recorder/recorder-base.js';
import { CollectionRecorder } from './recorder/collections.js';

export type { Activation, RecorderOptions } from './recorder/recorder-base.js';

export class Recorder extends CollectionRecorder {
  /** Under the scheduler (callbacks.ts): watch another realm's clock reads — a test file's vm
   *  context (Jest; Vitest's vm pools) has a `Date` of its own (jest-setup.ts, vitest-setup.ts). */
  watchRealm?: (realm: typeof globalThis) => void;

  // ---- process end --------------------------------------------------------------------------

  error(kind: 'uncaught' | 'unhandled-rejection', error: unknown): void {
    // With an 'uncaughtException' handler of the program's own, the program goes on (and may
    // still change the error before printing it): no stack then.
    this.writer.write({ e: 'err', kind, err: encodeError(error, process.listenerCount('uncaughtException') === 0) });
    this.writer.flush();
  }

  /** A test case's begin or end (runtime/test-cases.ts hooks). Under the scheduler it carries
   *  the virtual clock (how long the program itself waited), and a failed test's end how long the
   *  scheduler had been idle: a runner's time limit that ran out on a program still working, and
   *  not waiting that long itself, is the scheduler's slowness (violation.ts stillWorking). */
  testCase(event: TestCaseEvent): void {
    if (this.scheduler) {
      event.vclock = this.scheduler.loopClock.now;
      if (event.k === 'end' && event.ok !== true) event.idle = this.scheduler.idleMs();
    }
    this.writer.write(event);
  }

  close(end: Omit<EndEvent, 'e' | 'events'>): void {
    const scheduler = this.scheduler;
    this.writer.close({ e: 'end', events: this.writer.count + 1, ...end, ...(scheduler ? { idle: scheduler.idleMs(), vclock: scheduler.loopClock.now } : {}) });
  }

  get tracePath(): string {
    return this.writer.path;
  }
}
