// Reading a run's traces (.conlens/runs/<run-id>/trace-*.jsonl, format in runtime/trace-events.ts):
// streamed line by line, so memory stays bounded by the open activations, not the trace size.
// A file cut short by a killed process (a partial last line, no `end`) is read up to the cut and
// marked truncated.
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type EndEvent,
  type EnterEvent,
  type ExitEvent,
  type FunctionEvent,
  type HeaderEvent,
  type SiteEvent,
  type ThrowEvent,
  type TraceEvent,
  type TraceVars,
} from '../runtime/trace-events.js';
import { TestCaseTracker, type TestCase, type TestScope } from './test-cases.js';

export interface TraceFileInfo {
  file: string;
  header?: HeaderEvent;
  end?: EndEvent;
  functions: Map<number, FunctionEvent>;
  sites: Map<number, SiteEvent>;
  events: number;
  /** Lines that were not valid JSON (a process killed mid-write leaves one at the end). */
  badLines: number;
  truncated: boolean;
  /** The test cases the process ran (issue 31), in order; empty when the trace has no test events. */
  testCases: TestCase[];
}

/** How to read a trace: `testCases` keeps only the events of those test cases (and the events of
 *  no test case: module top level); `root` is what test files are named relative to (default: the
 *  process's cwd). */
export interface ReadTraceOptions {
  testCases?: TestScope;
  root?: string;
}

export class TraceFormatError extends Error {}

/** The trace files of a run folder, sorted (one per test process). */
export function traceFiles(runDir: string): string[] {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new TraceFormatError(`${runDir}: not a folder with trace files`);
  return readdirSync(runDir)
    .filter((name) => /^trace-.*\.jsonl$/.test(name))
    .sort()
    .map((name) => join(runDir, name));
}

/** Streams one trace file's events (declarations included) to `onEvent`, with the key of the test
 *  case each belongs to (trace/test-cases.ts; undefined: none). */
export async function readTraceFile(file: string, onEvent: (event: TraceEvent, info: TraceFileInfo, testCase?: string) => void, options: ReadTraceOptions = {}): Promise<TraceFileInfo> {
  const info: TraceFileInfo = { file, functions: new Map(), sites: new Map(), events: 0, badLines: 0, truncated: false, testCases: [] };
  const tests = new TestCaseTracker(options.root);
  const scope = options.testCases;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const line of lines) {
    if (!line) continue;
    let event: TraceEvent;
    try {
      event = JSON.parse(line) as TraceEvent;
    } catch {
      info.badLines++;
      continue;
    }
    if (first) {
      first = false;
      if (event.e !== 'header' || event.format !== TRACE_FORMAT) throw new TraceFormatError(`${file}: not a Concurrency Lens trace (no header line)`);
      if (event.version !== TRACE_VERSION) throw new TraceFormatError(`${file}: trace format version ${event.version}, this reader knows ${TRACE_VERSION}`);
      info.header = event;
    }
    info.events++;
    if (event.e === 'fn') info.functions.set(event.i, event);
    else if (event.e === 'site') info.sites.set(event.i, event);
    else if (event.e === 'end') info.end = event;
    const owner = tests.owner(event);
    if (scope && owner !== undefined && event.e !== 'test' && !scope.has(owner)) continue;
    onEvent(event, info, owner);
  }
  info.truncated = !info.end || info.badLines > 0;
  info.testCases = tests.testCases();
  return info;
}

export type PointKind = 'ENTER' | 'EXIT';

/** One sample of a program point (Daikon: one record of the .dtrace). */
export interface PointSample {
  /** Display name of the function (`Class.method`, or `name`). */
  function: string;
  file: string;
  kind: PointKind;
  /** Line of the return statement for EXIT samples (0: the end of the body); Daikon's EXITnn. */
  exitLine?: number;
  /** Daikon's this_invocation_nonce: unique per activation within the run. */
  nonce: number;
  vars: TraceVars;
  /** For EXIT samples: the ENTER values of the same activation (Daikon's orig()). */
  orig?: TraceVars;
  /** Position of the call in its process's call sequence (004 IV-D). */
  order?: number;
  /** Index of the trace file (process) in the run. */
  process: number;
  /** Set when the activation ended by an exception rather than a return. */
  threw?: boolean;
}

/**
 * Streams the program-point samples of a whole run: ENTER when a call starts, EXIT (paired with
 * its ENTER by activation, like Daikon's invocation nonce) when it returns or throws. Activations
 * still open when a trace ends produce only their ENTER.
 */
export async function readSamples(runDir: string, onSample: (sample: PointSample) => void, options: ReadTraceOptions = {}): Promise<TraceFileInfo[]> {
  const infos: TraceFileInfo[] = [];
  let nonceBase = 0;
  const files = traceFiles(runDir);
  for (let index = 0; index < files.length; index++) {
    const open = new Map<number, { enter: EnterEvent }>();
    let maxActivation = 0;
    const info = await readTraceFile(files[index], (event, file) => {
      if (event.e === 'en') {
        const fn = file.functions.get(event.f);
        if (!fn) return;
        maxActivation = Math.max(maxActivation, event.a);
        open.set(event.a, { enter: event });
        onSample({ function: fn.name, file: fn.file, kind: 'ENTER', nonce: nonceBase + event.a, vars: event.v, order: event.o, process: index });
      } else if (event.e === 'ex' || event.e === 'exc') {
        const started = open.get(event.a);
        const fn = file.functions.get(event.f);
        if (!started || !fn) return;
        open.delete(event.a);
        onSample(exitSample(fn, event, started.enter, nonceBase, index));
      }
    }, options);
    infos.push(info);
    nonceBase += maxActivation;
  }
  return infos;
}

function exitSample(fn: FunctionEvent, event: ExitEvent | ThrowEvent, enter: EnterEvent, nonceBase: number, process: number): PointSample {
  const sample: PointSample = {
    function: fn.name,
    file: fn.file,
    kind: 'EXIT',
    nonce: nonceBase + event.a,
    vars: event.v,
    orig: enter.v,
    order: enter.o,
    process,
  };
  if (event.e === 'ex') sample.exitLine = event.x;
  else sample.threw = true;
  return sample;
}
