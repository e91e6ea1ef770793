// Which files the loader (both threads) instruments and how, from the trace settings the register
// entry passes it (trace-settings.ts: they travel in the CONLENS_TRACE environment variable, so
// node --test and mocha child processes inherit them along with NODE_OPTIONS).
import { relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { InstrumentOptions } from './instrument-transformer.js';
import type { TraceSettings } from './trace-settings.js';

// The settings live apart (trace-settings.ts) for code that must stay small: the Vitest worker
// setup file. Re-exported: most readers want both.
export { RUNNER_REFUSED_FILE, TRACE_ENV, readTraceSettings, traceSettingsValue } from './trace-settings.js';
export type { PreemptionRule, ScheduleSettings, StrategyName, TraceSettings } from './trace-settings.js';

const ASYNC_MUTEX_LOCK_METHODS = ['acquire', 'release', 'runExclusive', 'waitForUnlock', 'cancel'];

export function lockMethodsOf(settings: TraceSettings): { lockMethods: string[]; acquireMethods: string[]; scheduled: boolean } {
  return {
    scheduled: settings.schedule !== undefined,
    lockMethods: [...new Set([...ASYNC_MUTEX_LOCK_METHODS, ...settings.locks.flatMap((l) => [l.acquire, l.release])])],
    acquireMethods: [...new Set(['acquire', ...settings.locks.map((l) => l.acquire)])],
  };
}

/** Decides whether a file is instrumented: inside the root, matching `include`, never in
 *  node_modules, never Concurrency Lens itself. With `outside`, the other project files instead
 *  (a scheduled run makes their awaits scheduling points: ScheduleSettings.outsideAwaits). */
export function fileMatcher(settings: TraceSettings, ownDir: string, outside = false): (file: string) => string | undefined {
  const patterns = settings.include.map((p) => (p.endsWith('/**') ? `${p}/*` : p));
  const isIncluded = picomatch(patterns, { dot: false });
  return (file: string) => {
    if (file.includes(`${sep}node_modules${sep}`) || file.startsWith(ownDir)) return undefined;
    const rel = relative(settings.root, file).split(sep).join('/');
    if (rel.startsWith('..') || !/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(rel) || rel.endsWith('.d.ts')) return undefined;
    return isIncluded(rel) !== outside ? rel : undefined;
  };
}

/** The instrumentation of a file, or undefined: the full one for `include`, awaits only for the
 *  other project files of a scheduled run. */
export function instrumentationFor(settings: TraceSettings | undefined, ownDir: string): (file: string) => InstrumentOptions | undefined {
  if (!settings) return () => undefined;
  const included = fileMatcher(settings, ownDir);
  const outside = settings.schedule && settings.schedule.outsideAwaits !== false ? fileMatcher(settings, ownDir, true) : undefined;
  const locks = lockMethodsOf(settings);
  return (file) => {
    const rel = included(file);
    if (rel !== undefined) return { file: rel, fields: settings.fields, ...locks };
    const other = outside?.(file);
    return other === undefined ? undefined : { file: other, fields: false, lockMethods: [], acquireMethods: [], scheduled: true, awaitsOnly: true };
  };
}
