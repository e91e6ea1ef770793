// `conlens trace`: runs the configured unit or integration command once under the loader with
// tracing on, each test process writing its trace into .conlens/runs/<run-id>/, plus run.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoadedConfig } from '../config/config-types.js';
import { RUNNER_REFUSED_FILE, TRACE_ENV, traceSettingsValue, type ScheduleSettings, type TraceSettings } from '../instrument/instrument-config.js';
import { runCommand, type RunResult } from '../runner/run-command.js';

/** The command budget of a replay under the debugger (CONLENS_DEBUG_DECISIONS set). */
const DEBUG_TIMEOUT_MS = 60 * 60 * 1000;
import { unhookedRunnerMessage } from '../runner/runner-support.js';

export type Suite = 'unit' | 'integration';

export interface TracedRun {
  id: string;
  suite: Suite;
  runDir: string;
  argv: string[];
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Output tail of the test command. */
  output: string;
  /** Set when no process wrote a trace and the command's runner is one we cannot hook (or a
   *  version of it our wrapper refused, RUNNER_REFUSED_FILE): names it and what is supported
   *  (test-runners.ts, jest-resolve.ts), instead of a silent "0 program points". */
  unhookedRunner?: string;
}

export interface TraceOptions {
  suite: Suite;
  /** Where the trace files go; default .conlens/runs/<run-id> in the project. */
  out?: string;
  /** Record field accesses (default: on for integration runs, off for unit runs). */
  fields?: boolean;
  /** Depth of `this` / parameter capture (default 2). */
  depth?: number;
  /** Run under the controlled scheduler (runtime/scheduler.ts); absent: no scheduler. */
  schedule?: ScheduleSettings;
  /** Extra environment for the test processes. */
  env?: Record<string, string>;
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
  signal?: AbortSignal;
}

export class NoCommandError extends Error {}

function runId(suite: Suite): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${suite}-${process.pid}-${Math.floor(Math.random() * 1e4).toString().padStart(4, '0')}`;
}

export async function runTraced(loaded: LoadedConfig, options: TraceOptions): Promise<TracedRun> {
  const section = loaded.config[options.suite];
  if (!section) throw new NoCommandError(`${loaded.file}: no "${options.suite}" command configured; add { "${options.suite}": { "command": "…" } }`);
  const id = runId(options.suite);
  const runDir = resolve(options.out ?? join(loaded.root, '.conlens', 'runs', id));
  mkdirSync(runDir, { recursive: true });
  const settings: TraceSettings = {
    root: loaded.root,
    include: loaded.config.include,
    runDir,
    fields: options.fields ?? options.suite === 'integration',
    depth: options.depth ?? 2,
    locks: loaded.config.locks,
    ...(options.schedule ? { schedule: options.schedule } : {}),
  };
  const result: RunResult = await runCommand({
    label: `${options.suite}.command`,
    spec: section.command,
    cwd: loaded.root,
    // Paused in a debugger at a decision (editor's "Debug this interleaving", runtime/debug-decision.ts),
    // a replay takes as long as the person stepping through it: an hour, not the test budget.
    timeoutMs: process.env.CONLENS_DEBUG_DECISIONS ? DEBUG_TIMEOUT_MS : loaded.config.timeoutMs,
    env: { ...options.env, [TRACE_ENV]: traceSettingsValue(settings) },
    onOutput: options.onOutput,
    signal: options.signal,
  });
  const run: TracedRun = {
    id,
    suite: options.suite,
    runDir,
    argv: result.argv,
    passed: result.passed,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    durationMs: Math.round(result.durationMs),
    output: result.output,
  };
  const traced = readdirSync(runDir).some((f) => f.startsWith('trace-') && f.endsWith('.jsonl'));
  const refused = join(runDir, RUNNER_REFUSED_FILE);
  const unhooked = traced ? undefined
    : existsSync(refused) ? `no program point was recorded: ${readFileSync(refused, 'utf8').trim()}`
    : unhookedRunnerMessage(result.configured, loaded.root);
  if (unhooked) run.unhookedRunner = unhooked;
  writeFileSync(join(runDir, 'run.json'), `${JSON.stringify({ ...run, output: undefined }, null, 2)}\n`);
  return run;
}
