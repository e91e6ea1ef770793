// Jest commands are started through dist/jest-run.cjs (issue 15): the configured command's own
// arguments, and Jest resolved from the user's project, so the run is the one the user
// configured — with our transformer around theirs and our setup file first when tracing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerRunnerWrapper, runnerInvocation, wrappedInvocation, type RunnerProgram, type RunnerWrap } from './test-runners.js';

/** dist/jest-run.cjs: next to the bundle that runs this code, or in dist/ when run from source. */
export function jestRunEntry(): string {
  const candidates = [join(__dirname, 'jest-run.cjs'), join(__dirname, '..', '..', '..', 'dist', 'jest-run.cjs')];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0];
}

const JEST: RunnerProgram = {
  npxName: 'jest',
  isBin: (word) => word === 'jest' || /(^|[/\\])node_modules[/\\]\.bin[/\\]jest(\.cmd)?$/.test(word),
  isScript: (word) => /(^|[/\\])jest(-cli)?[/\\](bin[/\\])?jest\.js$/.test(word),
};

export function wrapJest(argv: string[], cwd: string): RunnerWrap | undefined {
  const invocation = runnerInvocation(argv, cwd, JEST);
  return invocation && wrappedInvocation('jest', invocation, jestRunEntry());
}

registerRunnerWrapper(wrapJest, 'jest');
