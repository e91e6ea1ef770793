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
    // The program's random draws follow the run's seed, so a replayed seed draws them again
    // (Scheduler.random). Only the program's: a runner draws at moments that depend on timing
    // (Vitest's RPC ids), which would shift the program's draws; it keeps the builtin.
    const builtin = Math.random;
    Math.random = {
      random(): number {
        return recorder.inProgram ? scheduler.random() : builtin();
      },
    }.random;
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
