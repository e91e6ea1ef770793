// What the register entry passes to the loader (both threads): which files to instrument and how.
// It travels in the CONLENS_TRACE environment variable, so node --test and mocha child processes
// inherit it along with NODE_OPTIONS.
import { relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { InstrumentOptions } from './instrument-transformer.js';

// Read apart (trace-settings.ts) by code that must stay small: the Vitest worker setup file.
export { RUNNER_REFUSED_FILE, TRACE_ENV, readTraceSettings } from './trace-settings.js';

export interface TraceSettings {
  /** Project root: `include` and recorded file names are relative to it. */
  root: string;
  include: string[];
  /** Where this run's trace files go (.conlens/runs/<run-id>). */
  runDir: string;
  fields: boolean;
  depth: number;
  locks: { module: string; export: string; acquire: string; release: string }[];
  /** The controlled scheduler (runtime/scheduler.ts); absent: awaits run as Node schedules them. */
  schedule?: ScheduleSettings;
}

import type { AsfTarget } from '../runtime/strategies/assetfuzzer.js';

export type StrategyName = 'random' | 'pct' | 'atomfuzzer' | 'assetfuzzer' | 'replay';

export interface ScheduleSettings {
  strategy: StrategyName;
  seed: number;
  /** PCT: the bug depth d (d − 1 priority change points; default 3). */
  depth?: number;
  /** PCT: the expected number of steps k the change points are spread over (default 50). */
  steps?: number;
  /** replay: the recorded choices — candidate keys (`<activation>@<site>`) or indexes — for every
   *  process, or per process keyed by its test file (relative to its cwd). */
  replay?: (string | number)[] | Record<string, (string | number)[]>;
  /** Nothing ready and nothing happening for this long: a deadlock or a hang (default 2000). */
  stallMs?: number;
  /** How long a decision waits for an awaited value that is not known to depend on another
   *  parked task (I/O, timers) to settle, so the choice does not depend on timing (default 100;
   *  the wait ends as soon as the value settles). */
  settleMs?: number;
  /** atomfuzzer: the atomic blocks' functions, by their static names (`Class.method`, `name`):
   *  the config's `atomic` and the functions marked `/** @atomic *\/`. */
  atomic?: string[];
  /** atomfuzzer: await sites (`file:line:column`) whose continuation enters an atomic block that
   *  can suspend (active/atomic-blocks.ts): preferred, so the windows open early. */
  entries?: string[];
  /** Awaits in the project's files outside `include` (the tests, their helpers) are scheduling
   *  points too, without any other instrumentation (default true): concurrent work that the test
   *  itself does — a closing "thread" written in the test — takes part in the schedule. */
  outsideAwaits?: boolean;
  /** atomfuzzer: also every region that holds a mutex is an atomic block (default true). */
  lockRegions?: boolean;
  /** atomfuzzer: each resumption after an await acquires the event-loop lock (default true). */
  eventLoop?: boolean;
  /** assetfuzzer: the potential violations of phase I this run tries to realise (001 §4.2). */
  targets?: AsfTarget[];
}

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
