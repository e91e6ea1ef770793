// dist/vitest-setup.mjs: a setupFiles entry our Vite plugin adds (vitest-plugin.ts). It runs in
// each Vitest worker before each test file:
//  - installs the recorder when the `--import` register did not run there (it does in `forks`
//    workers, through NODE_OPTIONS; this covers pools where it does not);
//  - names the process by its test file: a worker's argv is Vitest's worker script, but trace
//    headers and per-process replay records are keyed by the test file (scheduler.ts processKey);
//  - flushes the trace after the file: a `threads` worker may be terminated without an exit event.
//
// Vite transforms this file (and its source map) on every run, so it is kept small: the runtime
// is loaded from its own bundle (dist/install-tracing.mjs) only where register did not install it.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readTraceSettings } from './trace-settings.js';
import { processKey } from '../runtime/process-key.js';
import type { Recorder } from '../runtime/recorder.js';
import { recordTestCases, vitestTest, type TestCaseHooks, type VitestContext } from '../runtime/test-cases.js';

import type * as InstallTracing from './install-tracing.js';

const settings = readTraceSettings();
if (settings) {
  const g = globalThis as { __conlens?: Recorder; __vitest_worker__?: { filepath?: string } };
  const ownDir = dirname(fileURLToPath(import.meta.url));
  const install = async (): Promise<Recorder> => {
    const { installTracing } = (await import(/* @vite-ignore */ pathToFileURL(join(ownDir, 'install-tracing.mjs')).href)) as typeof InstallTracing;
    return installTracing(settings, ownDir);
  };
  const recorder = g.__conlens ?? (await install());
  // The vmThreads and vmForks pools run a test file in a vm context with a Date of its own: its
  // clock reads count as the worker's do (runtime/callbacks.ts watchRealm; a no-op elsewhere).
  recorder.watchRealm?.(globalThis);
  const testFile = g.__vitest_worker__?.filepath;
  if (testFile) {
    recorder.setProcessArgv([...process.argv.slice(1), testFile]);
    if (settings.schedule) recorder.scheduler?.rekey(settings.schedule, processKey(['', testFile]));
  }
  const vitestIndex = process.env.CONLENS_VITEST_INDEX;
  if (vitestIndex) {
    const vitest = (await import(vitestIndex)) as { afterAll(fn: () => void): void } & TestCaseHooks<VitestContext>;
    vitest.afterAll(() => recorder.flush());
    // Test-case boundaries (issue 31); a failed test's result is 'fail' by its afterEach hooks.
    recordTestCases(recorder, vitest, ({ task }) => vitestTest(task, testFile));
  }
}
