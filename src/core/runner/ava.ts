// ava under a traced run (issue 31): ava loads each test file in a process of its own, started
// with the `nodeArguments` of the user's ava config — with TypeScript, a loader such as
// `--import=tsx`, which would compile our instrumented output again (runner/ts-loaders.ts). So a
// traced `ava …` command is started through dist/ava-run.mjs, which runs the project's own ava
// with the same arguments, its files in child processes (our register reaches them through
// NODE_OPTIONS; on Node 20 a worker thread gets no module hooks) and those loaders left out of
// their execArgv. Untraced runs (`conlens check`) run the command exactly as configured.
import { TRACE_ENV } from '../instrument/instrument-config.js';
import { distEntry, registerRunnerWrapper, runnerInvocation, wrappedInvocation, type RunnerProgram, type RunnerWrap } from './test-runners.js';

export const AVA: RunnerProgram = {
  npxName: 'ava',
  isBin: (word) => word === 'ava' || /(^|[/\\])node_modules[/\\]\.bin[/\\]ava(\.cmd)?$/.test(word),
  isScript: (word) => /(^|[/\\])ava[/\\](entrypoints[/\\])?cli\.m?js$/.test(word),
};

// `ava debug` and `ava reset-cache` do not run the suite: left as they are.
const OTHER_SUBCOMMANDS = new Set(['debug', 'reset-cache']);

export function wrapAva(argv: string[], cwd: string, env: NodeJS.ProcessEnv): RunnerWrap | undefined {
  if (!env[TRACE_ENV]) return undefined;
  const invocation = runnerInvocation(argv, cwd, AVA);
  if (!invocation || (invocation.args[0] !== undefined && OTHER_SUBCOMMANDS.has(invocation.args[0]))) return undefined;
  return wrappedInvocation('ava', invocation, distEntry('ava-run.mjs'));
}

registerRunnerWrapper(wrapAva, 'ava');
