// Which test case an event belongs to (issue 31). The runtime writes `test` begin/end events from
// the runner's hooks (runtime/test-cases.ts); here an event belongs to the innermost test case open
// when it happened, except that an activation belongs to the test case its caller belongs to — so
// async work a test started and that runs on after the test ended is still that test's.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { TestCaseEvent, TraceEvent } from '../runtime/trace-events.js';

/** A test case as the report names it: its full name as the runner prints it, test file
 *  (relative to the project) and line (0: not found); `ordinal`: the n-th test of that name in the
 *  file (n ≥ 2; absent: the first), so same-named tests stay apart. `ok`: its outcome when the
 *  runner said; absent when it never ended. */
export interface TestCase {
  name: string;
  file: string;
  line: number;
  ordinal?: number;
  ok?: boolean;
  /** It ended failed under the scheduler this many ms after the program last made progress. */
  idle?: number;
  /** Under the scheduler: the virtual time (ms) the program waited between its begin and end. */
  virtual?: number;
}

/** The test cases an analysis keeps (their testCaseKey); undefined: every event. */
export type TestScope = ReadonlySet<string> | undefined;

export function testCaseKey(test: { name: string; file: string; ordinal?: number }): string {
  return `${test.file}\u0000${test.name}${test.ordinal && test.ordinal > 1 ? `\u0000${test.ordinal}` : ''}`;
}

/** Follows one trace file's events: `owner(event)` is the key of the test case it belongs to
 *  (undefined: none — module top level, or a trace without test events). */
export class TestCaseTracker {
  private readonly open: string[] = [];
  private readonly byActivation = new Map<number, string | undefined>();
  private readonly seen = new Map<string, TestCase>();
  private readonly began = new Map<string, number>();
  private cwd = '';

  constructor(private readonly root?: string) {}

  /** The key of the test case `event` belongs to; call once per event, in trace order. */
  owner(event: TraceEvent): string | undefined {
    const current = this.open[this.open.length - 1];
    switch (event.e) {
      case 'header':
        this.cwd = event.cwd;
        return undefined;
      case 'fn':
      case 'site':
      case 'end':
        // Declarations and the process's end belong to every reader.
        return undefined;
      case 'test':
        return this.testEvent(event);
      case 'en': {
        const owner = event.p !== null && this.byActivation.has(event.p) ? this.byActivation.get(event.p) : current;
        this.byActivation.set(event.a, owner);
        return owner;
      }
      case 'sched':
        return this.ofActivation(event.a ?? event.t, current);
      case 'ex':
      case 'exc':
      case 'aw':
      case 'rs':
      case 'spawn':
      case 'rd':
      case 'wr':
      case 'up':
      case 'lk':
        return this.ofActivation(event.a, current);
      default:
        return current;
    }
  }

  /** The test cases met so far, in the order they began. */
  testCases(): TestCase[] {
    return [...this.seen.values()];
  }

  private ofActivation(a: number | null, current: string | undefined): string | undefined {
    return a !== null && this.byActivation.has(a) ? this.byActivation.get(a) : current;
  }

  private testEvent(event: TestCaseEvent): string {
    const abs = isAbsolute(event.file) ? event.file : resolve(this.cwd, event.file);
    const file = relative(this.root ?? this.cwd, abs).split('\\').join('/');
    const ordinal = event.n && event.n > 1 ? event.n : undefined;
    const key = testCaseKey({ name: event.name, file, ordinal });
    if (event.k === 'begin') {
      // A retry begins again with no end before it (Mocha): open once.
      const again = this.open.lastIndexOf(key);
      if (again >= 0) this.open.splice(again, 1);
      this.open.push(key);
      if (event.vclock !== undefined) this.began.set(key, event.vclock);
      if (!this.seen.has(key)) this.seen.set(key, { name: event.name, file, line: event.line ?? lineOfTest(abs, event.path ?? [event.name], ordinal ?? 1), ...(ordinal ? { ordinal } : {}) });
    } else {
      const at = this.open.lastIndexOf(key);
      if (at >= 0) this.open.splice(at, 1);
      const test = this.seen.get(key);
      // A test that ran twice (a retry) failed when either run did.
      if (test && event.ok !== undefined) test.ok = test.ok === false ? false : event.ok;
      if (test && event.idle !== undefined) test.idle = Math.max(test.idle ?? 0, event.idle);
      const began = this.began.get(key);
      if (test && began !== undefined && event.vclock !== undefined) test.virtual = Math.max(test.virtual ?? 0, event.vclock - began);
    }
    return key;
  }
}

const titleLines = new Map<string, string[]>();

/** The line where a test's title is written as a string literal (the runners that do not say
 *  where a test is: node:test, Mocha), found along its path: each suite's title after the one
 *  before it (a suite whose title is not a literal is passed over), then the `ordinal`-th
 *  occurrence of the test's own title after them; 0 when the file cannot be read or has none. */
export function lineOfTest(file: string, path: string[], ordinal = 1): number {
  let lines = titleLines.get(file);
  if (!lines) {
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      lines = [];
    }
    titleLines.set(file, lines);
  }
  const written = (title: string, from: number) => {
    const quoted = [`'${title}'`, `"${title}"`, `\`${title}\``];
    for (let at = from; at < lines.length; at++) if (quoted.some((q) => lines[at].includes(q))) return at;
    return -1;
  };
  let from = 0;
  for (const suite of path.slice(0, -1)) {
    const at = written(suite, from);
    if (at >= 0) from = at + 1;
  }
  let at = from - 1;
  for (let n = 0; n < ordinal; n++) {
    at = written(path[path.length - 1], at + 1);
    if (at < 0) return 0;
  }
  return at + 1;
}

/** The test cases of a process that failed: those that ended not ok, and — when the process
 *  failed — those that never ended (a hang, a crash mid-test: no outcome). */
export function failingTestCases(tests: TestCase[], processFailed: boolean): TestCase[] {
  return tests.filter((t) => t.ok === false || (processFailed && t.ok === undefined));
}
