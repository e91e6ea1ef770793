// Installs the recorder in a test process: the global instrumented code calls, and the hooks that
// flush the trace however the process ends — normal exit, uncaught error, SIGTERM/SIGINT — without
// changing how it ends.
import type { TraceSettings } from '../instrument/instrument-config.js';
import { Recorder } from './recorder.js';
import { Scheduler, createStrategy } from './scheduler.js';

export function installRecorder(settings: TraceSettings): Recorder {
  const recorder = new Recorder({
    runDir: settings.runDir,
    fields: settings.fields,
    depth: settings.depth,
    locks: settings.locks,
    ...(settings.schedule?.atomic ? { atomic: settings.schedule.atomic } : {}),
    ...(settings.schedule?.entries ? { entries: settings.schedule.entries } : {}),
    ...(settings.schedule?.prompts ? { prompts: settings.schedule.prompts } : {}),
  });
  Object.defineProperty(globalThis, '__conlens', { value: recorder, enumerable: false, configurable: true, writable: false });

  if (settings.schedule) {
    const scheduler = new Scheduler(createStrategy(settings.schedule), settings.schedule, (event) => recorder.write(event), () => recorder.flush());
    recorder.scheduler = scheduler;
    scheduler.strategy.bind?.({ siteKey: (site) => recorder.siteKey(site), context: (act) => recorder.contextOf(act as never) });
    seedMathRandom(recorder, scheduler, Math);
    // Before the recorder closes the trace: continuations still parked at exit are a stall.
    process.on('exit', () => scheduler.atExit());
  }
  process.on('exit', (code) => recorder.close({ reason: 'exit', code }));
  // A monitor only observes: Node's own handling of the error (and of unhandled rejections, which
  // arrive here with origin 'unhandledRejection' in the default mode) stays as it is.
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    recorder.error(origin === 'unhandledRejection' ? 'unhandled-rejection' : 'uncaught', error);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const onSignal = () => {
      recorder.close({ reason: 'signal', signal });
      // Only when nobody else handles the signal do we restore its default effect.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
  return recorder;
}

/** Replaces `math.random` (this realm's; a Jest test file's vm context keeps its own) with
 *  draws from the run's seed, so a replayed seed draws the same numbers. The program's draws come
 *  from one sequence (Scheduler.random). Test code's (a fake latency drawn in the test file) from
 *  another, so they repeat too without shifting the program's. Draws a library or the runner
 *  makes itself keep the builtin: a runner draws at moments that depend on timing (Vitest's RPC
 *  ids), which would shift the sequences. Only the direct caller is looked at: a test drawing
 *  latencies in a loop calls Math.random often, and a whole stack per draw slowed it down. */
function seedMathRandom(recorder: Recorder, scheduler: Scheduler, math: { random(): number }): void {
  const builtin = math.random;
  const random = {
    random(): number {
      if (recorder.inProgram) return scheduler.random();
      return recorder.calledFromProject?.(random) ? scheduler.testRandom() : builtin();
    },
  }.random;
  math.random = random;
}
