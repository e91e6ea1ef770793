// Vitest under Concurrency Lens (issue 15): Vite's module runner transforms and evaluates the
// user's files itself, so for traced runs a `vitest …` command is started through
// dist/vitest-run.mjs instead, which runs the project's own vitest through its Node API with our
// Vite plugin appended (instrument/vitest-plugin.ts). Untraced runs (`conlens check`) run the
// command exactly as configured.
import { TRACE_ENV } from '../instrument/instrument-config.js';
import { distEntry, registerRunnerWrapper, runnerInvocation, wrappedInvocation, type RunnerInvocation, type RunnerProgram, type RunnerWrap } from './test-runners.js';

// Subcommands that do not run the test suite (`run`, `watch`, `dev` and plain `vitest` do): left as they are.
const OTHER_SUBCOMMANDS = new Set(['bench', 'list', 'related', 'init', 'typecheck']);

const VITEST: RunnerProgram = {
  npxName: 'vitest',
  isBin: (word) => word === 'vitest' || /(^|[/\\])node_modules[/\\]\.bin[/\\]vitest(\.cmd)?$/.test(word),
  isScript: (word) => /(^|[/\\])vitest[/\\]vitest\.mjs$/.test(word) || /(^|[/\\])vitest[/\\]dist[/\\]cli\.js$/.test(word),
};

/** How `argv` starts Vitest's test command (its arguments after `vitest`); undefined otherwise. */
export function vitestInvocation(argv: string[], cwd: string): RunnerInvocation | undefined {
  const invocation = runnerInvocation(argv, cwd, VITEST);
  if (!invocation || (invocation.args[0] !== undefined && OTHER_SUBCOMMANDS.has(invocation.args[0]))) return undefined;
  return invocation;
}

/** The arguments after `vitest` when `argv` starts Vitest's test command; undefined otherwise. */
export function vitestArgs(argv: string[], cwd: string): string[] | undefined {
  return vitestInvocation(argv, cwd)?.args;
}

export function wrapVitest(argv: string[], cwd: string, env: NodeJS.ProcessEnv): RunnerWrap | undefined {
  if (!env[TRACE_ENV]) return undefined;
  const invocation = vitestInvocation(argv, cwd);
  return invocation && wrappedInvocation('vitest', invocation, distEntry('vitest-run.mjs'));
}

registerRunnerWrapper(wrapVitest, 'vitest');
