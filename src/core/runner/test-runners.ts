// Which test runner a configured command starts, and how to start it so that Concurrency Lens
// sees the code it runs (issue 15). node:test and Mocha load the user's code through Node's own
// loader, which our `--import` register hooks; Jest and Vitest load it through their own
// transform pipelines (Jest's `transform` + `vm` modules, Vite's module runner), which the hook
// never sees — those commands are started through our wrappers instead, which add the
// instrumentation to the runner's own pipeline without touching the user's configuration.
// Each runner's wrapper lives in its own file (vitest.ts, jest.ts) and registers here.

export type TestRunner = 'node' | 'mocha' | 'jest' | 'vitest' | 'unknown';

export interface RunnerWrap {
  runner: TestRunner;
  /** The argv to spawn instead of the configured one (the same arguments, through a wrapper). */
  argv: string[];
  /** Extra environment for the wrapper. */
  env?: Record<string, string>;
}

/** A runner's wrapper: returns the argv to spawn for a configured argv that starts this runner
 *  (after npm/npx resolution), or undefined when the argv is not this runner's. `env` is the
 *  test process's environment (CONLENS_TRACE is set for traced runs only). */
export type RunnerWrapper = (argv: string[], cwd: string, env: NodeJS.ProcessEnv) => RunnerWrap | undefined;

const wrappers: RunnerWrapper[] = [];

/** Called by vitest.ts / jest.ts at load time. */
export function registerRunnerWrapper(wrapper: RunnerWrapper): void {
  wrappers.push(wrapper);
}

/** The argv to spawn for a configured argv: a registered wrapper's, else the argv unchanged. */
export function wrapForRunner(argv: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): RunnerWrap | undefined {
  for (const wrapper of wrappers) {
    const wrapped = wrapper(argv, cwd, env);
    if (wrapped) return wrapped;
  }
  return undefined;
}
