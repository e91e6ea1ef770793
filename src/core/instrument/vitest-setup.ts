// dist/vitest-setup.mjs: a setupFiles entry our Vite plugin adds (vitest-plugin.ts). It runs in
// each Vitest worker before each test file:
//  - installs the recorder when the `--import` register did not run there (it does in `forks`
//    workers, through NODE_OPTIONS; this covers pools where it does not);
//  - names the process by its test file: a worker's argv is Vitest's worker script, but trace
//    headers and per-process replay records are keyed by the test file (scheduler.ts processKey);
//  - flushes the trace after the file: a `threads` worker may be terminated without an exit event.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTraceSettings } from './instrument-config.js';
import { installTracing } from './install-tracing.js';
import { processKey } from '../runtime/scheduler.js';
import type { Recorder } from '../runtime/recorder.js';

const settings = readTraceSettings();
if (settings) {
  const g = globalThis as { __conlens?: Recorder; __vitest_worker__?: { filepath?: string } };
  const recorder = g.__conlens ?? installTracing(settings, dirname(fileURLToPath(import.meta.url)));
  const testFile = g.__vitest_worker__?.filepath;
  if (testFile) {
    recorder.setProcessArgv([...process.argv.slice(1), testFile]);
    if (settings.schedule) recorder.scheduler?.rekey(settings.schedule, processKey(['', testFile]));
  }
  const vitestIndex = process.env.CONLENS_VITEST_INDEX;
  if (vitestIndex) {
    const { afterAll } = (await import(vitestIndex)) as { afterAll(fn: () => void): void };
    afterAll(() => recorder.flush());
  }
}
