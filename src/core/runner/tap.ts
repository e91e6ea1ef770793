// node-tap under a traced run (issue 31): tap starts each test file as `node <its loaders> file`,
// its TypeScript plugin (@tapjs/typescript) adding ts-node's loader, which would compile our
// instrumented output again (runner/ts-loaders.ts). So a traced `tap …` command is started through
// dist/tap-run.mjs, which runs the project's own tap with the same arguments and those loaders
// left out of the test processes' arguments. Untraced runs (`conlens check`) run the command
// exactly as configured.
import { TRACE_ENV } from '../instrument/instrument-config.js';
import { dropLoaderOptions } from './ts-loaders.js';
import { distEntry, registerRunnerWrapper, runnerInvocation, wrappedInvocation, type RunnerProgram, type RunnerWrap } from './test-runners.js';

export const TAP: RunnerProgram = {
  npxName: 'tap',
  isBin: (word) => word === 'tap' || /(^|[/\\])node_modules[/\\]\.bin[/\\]tap(\.cmd)?$/.test(word),
  isScript: (word) => /(^|[/\\])tap[/\\]dist[/\\]esm[/\\]run\.mjs$/.test(word),
};

// Subcommands that do not run the suite (tap's `run` and plain `tap [files]` do): left as they are.
const OTHER_SUBCOMMANDS = new Set(['report', 'replay', 'list', 'plugin', 'build', 'version', 'versions', 'config', 'debug', 'repl', 'help', 'node-options']);

/** A loader tap passes resolved (`--import=file:///…/node_modules/@tapjs/typescript/dist/esm/import.mjs`),
 *  by the package it is in. */
const TS_LOADER_PATH = /[\\/]node_modules[\\/](@tapjs[\\/]typescript|@isaacs[\\/]ts-node-temp-fork-for-pr-\d+|ts-node|tsx|@swc-node[\\/]register)[\\/]/;
const LOAD = /^(--import|--loader|--experimental-loader|--require|-r)=(.*)$/;

/** A test process's arguments without the TypeScript loaders (the node options before its file). */
export function withoutTapLoaders(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const load = LOAD.exec(args[i]);
    if (load && TS_LOADER_PATH.test(load[2])) continue;
    if (/^(--import|--loader|--experimental-loader|--require|-r)$/.test(args[i]) && TS_LOADER_PATH.test(args[i + 1] ?? '')) {
      i++;
      continue;
    }
    kept.push(args[i]);
  }
  return dropLoaderOptions(kept).kept;
}

export function wrapTap(argv: string[], cwd: string, env: NodeJS.ProcessEnv): RunnerWrap | undefined {
  if (!env[TRACE_ENV]) return undefined;
  const invocation = runnerInvocation(argv, cwd, TAP);
  if (!invocation || (invocation.args[0] !== undefined && OTHER_SUBCOMMANDS.has(invocation.args[0]))) return undefined;
  return wrappedInvocation('tap', invocation, distEntry('tap-run.mjs'));
}

registerRunnerWrapper(wrapTap, 'tap');
