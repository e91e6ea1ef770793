// `conlens check`: runs a project's configured test commands plainly (loader hook, no tracing,
// no scheduler) — the unit command once, the integration command `runs` times — and counts
// failures. It tells a user whether the configuration works before any analysis, and it is the
// "plain runs" baseline later stages are compared with.
import type { LoadedConfig } from '../config/config-types.js';
import { runCommand, type RunResult } from './run-command.js';
import { noTestsRan } from './test-count.js';

export interface RunOutcome {
  run: number;
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** The runner said it executed no test (its words; runner/test-count.ts): the run checked
   *  nothing, so it is neither a pass nor a failure of the program. */
  noTests?: string;
}

export interface SuiteOutcome {
  suite: 'unit' | 'integration';
  argv: string[];
  runs: number;
  /** Runs that failed, not counting runs that executed no test. */
  failures: number;
  timeouts: number;
  /** Runs whose runner executed no test. */
  runsWithoutTests: number;
  outcomes: RunOutcome[];
  /** Output tail of the first failing run, so the user sees why without re-running. */
  firstFailureOutput?: string;
}

export interface ProjectCheck {
  root: string;
  configFile: string;
  unit?: SuiteOutcome;
  integration?: SuiteOutcome;
}

export interface CheckOptions {
  /** Integration runs (default: the config's integration.runs). */
  runs?: number;
  /** Integration runs in parallel (default 1). */
  jobs?: number;
  signal?: AbortSignal;
  onRunDone?: (suite: 'unit' | 'integration', outcome: RunOutcome) => void;
}

/** The integration command run plainly `runs` times (rank's check of failures no order explains). */
export function plainIntegrationRuns(loaded: LoadedConfig, runs: number, jobs: number, signal?: AbortSignal): Promise<SuiteOutcome | undefined> {
  return runSuite(loaded, 'integration', runs, Math.max(1, jobs), signal ? { signal } : {});
}

async function runSuite(
  loaded: LoadedConfig,
  suite: 'unit' | 'integration',
  runs: number,
  jobs: number,
  options: CheckOptions,
): Promise<SuiteOutcome | undefined> {
  const section = loaded.config[suite];
  if (!section) return undefined;
  const outcomes: RunOutcome[] = [];
  let argv: string[] = [];
  let firstFailureOutput: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < runs && !options.signal?.aborted) {
      const index = next++;
      const result = await runCommand({
        label: `${suite}.command`,
        spec: section.command,
        cwd: loaded.root,
        timeoutMs: loaded.config.timeoutMs,
        signal: options.signal,
      });
      const outcome = toOutcome(index, result);
      outcomes.push(outcome);
      argv = result.argv;
      if (!result.passed && firstFailureOutput === undefined) firstFailureOutput = result.output;
      options.onRunDone?.(suite, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, runs) }, worker));
  outcomes.sort((a, b) => a.run - b.run);
  return {
    suite,
    argv,
    runs: outcomes.length,
    failures: outcomes.filter((o) => !o.passed && o.noTests === undefined).length,
    timeouts: outcomes.filter((o) => o.timedOut).length,
    runsWithoutTests: outcomes.filter((o) => o.noTests !== undefined).length,
    outcomes,
    firstFailureOutput,
  };
}

function toOutcome(index: number, result: RunResult): RunOutcome {
  const noTests = result.timedOut ? undefined : noTestsRan(result.output);
  return {
    run: index + 1, passed: result.passed, exitCode: result.exitCode, timedOut: result.timedOut, durationMs: Math.round(result.durationMs),
    ...(noTests !== undefined ? { noTests } : {}),
  };
}

export async function checkProject(loaded: LoadedConfig, options: CheckOptions = {}): Promise<ProjectCheck> {
  const unit = await runSuite(loaded, 'unit', 1, 1, options);
  const runs = options.runs ?? loaded.config.integration?.runs ?? 0;
  const integration = await runSuite(loaded, 'integration', runs, Math.max(1, options.jobs ?? 1), options);
  return { root: loaded.root, configFile: loaded.file, unit, integration };
}
