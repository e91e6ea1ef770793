// The trace settings — what the register entry passes to the loader — and how they travel in the
// environment (instrument-config.ts re-exports this): a module of its own, without picomatch, for
// the Vitest worker setup file, which Vite transforms on every run (its size is time).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AsfTarget } from '../runtime/strategies/assetfuzzer.js';

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

export type StrategyName = 'random' | 'pct' | 'atomfuzzer' | 'assetfuzzer' | 'systematic' | 'replay';

/** Run continuation `run` ahead of `before`, Node's own choice, where both are ready. Each is
 *  named by its key and its occurrence — how many times a continuation of that key ran before
 *  (a loop parks one activation at one site again) — so the rule names the same two steps however
 *  the other tasks' steps move around them (runtime/strategies/systematic.ts). */
export interface PreemptionRule {
  run: string;
  nth: number;
  before: string;
  beforeNth: number;
}

export interface ScheduleSettings {
  strategy: StrategyName;
  seed: number;
  /** PCT: the bug depth d (d − 1 priority change points; default 3). */
  depth?: number;
  /** PCT: the expected number of steps k the change points are spread over (default 50). */
  steps?: number;
  /** replay (and systematic's forced prefix): the recorded choices — candidate keys (`<activation>@<site>`) or indexes — for every
   *  process, or per process keyed by its test file (relative to its cwd). */
  replay?: (string | number)[] | Record<string, (string | number)[]>;
  /** systematic, after its prefix: preemptions to make instead of Node's own choice, per process
   *  keyed as `replay` (Choi & Zeller's candidate schedules, active/isolate-schedule.ts). */
  preempt?: Record<string, PreemptionRule[]>;
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
  /** Await sites (`file:line:column`) of a library's call (active/library-awaits.ts): when the
   *  promise settles at once, no I/O was done, and the continuation runs promptly, as in Node. */
  prompts?: string[];
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

export const TRACE_ENV = 'CONLENS_TRACE';

/** A runner wrapper that cannot trace the runner it was given (an unsupported Jest) writes why in
 *  this file of the run's folder: the run reports that reason rather than "0 program points" or a
 *  plain test failure (run-traced.ts). */
export const RUNNER_REFUSED_FILE = 'runner-refused.txt';

/** Settings longer than this travel in a file (`@<path>`), not in the variable: Linux refuses to
 *  start a process with one environment string over 128 KiB (MAX_ARG_STRLEN), and a replay of a
 *  long failing run carries ~180,000 decisions (`spawn E2BIG`, stop 47's trial). */
export const TRACE_ENV_INLINE_MAX = 32 * 1024;
const SETTINGS_FILE = 'trace-settings.json';

/** The value of TRACE_ENV for these settings: the JSON itself, or `@` and the path of a file in
 *  the run's folder that holds it. */
export function traceSettingsValue(settings: TraceSettings): string {
  const json = JSON.stringify(settings);
  if (json.length <= TRACE_ENV_INLINE_MAX) return json;
  const file = join(settings.runDir, SETTINGS_FILE);
  writeFileSync(file, json);
  return `@${file}`;
}

export function readTraceSettings(env: NodeJS.ProcessEnv = process.env): TraceSettings | undefined {
  const raw = env[TRACE_ENV];
  if (!raw) return undefined;
  const file = raw.startsWith('@') ? raw.slice(1) : undefined;
  try {
    return JSON.parse(file === undefined ? raw : readFileSync(file, 'utf8')) as TraceSettings;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = file !== undefined && code ? `cannot read ${file} (${code})` : 'not valid JSON';
    process.stderr.write(`conlens: ignoring ${TRACE_ENV}: ${why}\n`);
    return undefined;
  }
}
