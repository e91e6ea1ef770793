// A node:test reporter that prints nothing and writes, when the run ends, one JSON file with every
// test's name, file and status: <FA_REPORT_DIR or .conlens/fa-reports>/<pid>.json, pid = the
// `node --test` process (the trace header of each test-file process names it as ppid).
// bench/false-alarm/run.mjs adds it to a project copy's integration command, so that a failing run,
// plain or under the scheduler, can be traced back to the tests that failed in it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export default async function* falseAlarmReporter(source) {
  const tests = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    if (data.details?.type === 'suite') continue;
    const failed = event.type === 'test:fail';
    const error = data.details?.error;
    tests.push({
      file: data.file,
      name: data.name,
      nesting: data.nesting,
      status: failed ? 'fail' : data.skip ? 'skip' : data.todo ? 'todo' : 'pass',
      error: failed ? String(error?.cause?.message ?? error?.message ?? error ?? '').slice(0, 400) : undefined,
    });
  }
  const dir = process.env.FA_REPORT_DIR || join(process.cwd(), '.conlens', 'fa-reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ pid: process.pid, tests }));
}
