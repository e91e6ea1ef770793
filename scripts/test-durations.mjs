// node:test reporter used by run-tests.mjs: the time each test file's top-level tests took, as
// one JSON object { "<file relative to the repository>": milliseconds } at the end of the run.
// run-tests.mjs keeps these in .conlens/test-durations.json and starts the slowest files first.
import { relative } from 'node:path';

export default async function* testDurations(source) {
  const durations = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const file = relative(process.cwd(), event.data.file);
      durations[file] = Math.round((durations[file] ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  yield `${JSON.stringify(durations)}\n`;
}
