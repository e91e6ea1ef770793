// The runtime of a traced test process: the recorder (and scheduler) plus the file and port
// wrappers. Shared by the `--import` register and the Vitest worker setup (vitest-setup.ts, which
// loads it as its own bundle, dist/install-tracing.mjs, where register did not run), so a Vitest
// worker records exactly what a node:test process does.
import { fileMatcher, type TraceSettings } from './instrument-config.js';
import { installRecorder } from '../runtime/install.js';
import { projectSites, watchResources } from '../runtime/resources.js';
import { scheduleCallbacks } from '../runtime/callbacks.js';
import type { Recorder } from '../runtime/recorder.js';

export function installTracing(settings: TraceSettings, ownDir: string): Recorder {
  const recorder = installRecorder(settings);
  if (!settings.fields && !recorder.scheduler) return recorder;
  const included = fileMatcher(settings, ownDir);
  const outside = fileMatcher(settings, ownDir, true);
  const sites = projectSites(recorder, (file) => {
    const rel = included(file);
    if (rel !== undefined) return { rel, instrumented: true };
    const other = outside(file);
    return other === undefined ? undefined : { rel: other, instrumented: false };
  }, ownDir);
  // Callbacks are scheduling points in scheduled runs (runtime/callbacks.ts); their fs wrappers go
  // first, so the resource wrappers below see the program's own call as their caller.
  if (recorder.scheduler) {
    recorder.calledFromProject = sites.calledFromProject;
    scheduleCallbacks(recorder, recorder.scheduler, sites, { channels: settings.fields });
  }
  // Files and ports are shared state too; their accesses are field events (runtime/resources.ts).
  // Before any of the program's modules load, so every import of node:fs sees the wrappers.
  if (settings.fields) watchResources(recorder, sites);
  return recorder;
}
