// The trace settings as they travel in the environment (instrument-config.ts re-exports this):
// a module of its own, without picomatch, for the Vitest worker setup file, which Vite transforms
// on every run (its size is time).
import type { TraceSettings } from './instrument-config.js';

export const TRACE_ENV = 'CONLENS_TRACE';

/** A runner wrapper that cannot trace the runner it was given (an unsupported Jest) writes why in
 *  this file of the run's folder: the run reports that reason rather than "0 program points" or a
 *  plain test failure (run-traced.ts). */
export const RUNNER_REFUSED_FILE = 'runner-refused.txt';

export function readTraceSettings(env: NodeJS.ProcessEnv = process.env): TraceSettings | undefined {
  const raw = env[TRACE_ENV];
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as TraceSettings;
  } catch {
    process.stderr.write(`conlens: ignoring ${TRACE_ENV}: not valid JSON\n`);
    return undefined;
  }
}
