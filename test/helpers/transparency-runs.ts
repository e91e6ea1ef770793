// Shared by the transparency suites (test/transparency, test/slow/transparency-examples): run
// folders in one scratch folder, a pool that keeps child processes a few at a time, and strict
// reading of the traces they write.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

const scratch = mkdtempSync(join(tmpdir(), 'conlens-transparency-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let runDirCount = 0;
export const newRunDir = () => join(scratch, `run-${++runDirCount}`);

// Child processes are the cost of this suite: every run is queued when the tests are declared
// and runs a few at a time (they wait on I/O too, hence one more than the cores), so the pool
// stays busy across the describe blocks; the tests then await their own runs.
const slots = Math.max(2, Math.min(4, availableParallelism() + 1));
let busy = 0;
const waiting: (() => void)[] = [];
export async function limited<T>(job: () => Promise<T>): Promise<T> {
  if (busy < slots) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing job hands its slot over
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

export interface TraceEventLine {
  e: string;
  [key: string]: unknown;
}

/** Every trace file of a run, each line parsed (a line that is not JSON fails the test). */
export function readTraces(runDir: string): { file: string; events: TraceEventLine[] }[] {
  assert.ok(existsSync(runDir), `no trace was written (${runDir} does not exist)`);
  const files = readdirSync(runDir).filter((f) => /^trace-.*\.jsonl$/.test(f)).sort();
  assert.ok(files.length > 0, `no trace file in ${runDir}`);
  return files.map((file) => {
    const text = readFileSync(join(runDir, file), 'utf8');
    assert.ok(text.endsWith('\n'), `${file}: the last line is incomplete`);
    const events = text
      .slice(0, -1)
      .split('\n')
      .map((line, i) => {
        try {
          return JSON.parse(line) as TraceEventLine;
        } catch (error) {
          assert.fail(`${file}:${i + 1} is not valid JSON (${(error as Error).message}): ${line.slice(0, 200)}`);
        }
      });
    assert.equal(events[0]?.e, 'header', `${file}: the first event is the header`);
    assert.equal(events.at(-1)?.e, 'end', `${file}: the last event is the end record`);
    return { file, events };
  });
}
