// Test cases in the trace (issue 31): which test case an event belongs to, and reading only some.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestCaseTracker, failingTestCases, readTraceFile, testCaseKey } from '../../src/core/trace/index.ts';
import { lineOfTest } from '../../src/core/trace/test-cases.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';

function project(): { dir: string; events: TraceEvent[] } {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-test-cases-'));
  writeFileSync(join(dir, 'a.test.ts'), "import { test } from 'node:test';\n\ntest('sells', async () => {});\ntest(\"labels\", async () => {});\n");
  const file = join(dir, 'a.test.ts');
  const events: TraceEvent[] = [
    { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['node', file], cwd: dir, started: '', fields: true },
    { e: 'fn', i: 1, name: 'Box.sell', file: 'src/box.ts', line: 3, kind: 'method', async: true },
    { e: 'fn', i: 2, name: 'Labels.label', file: 'src/labels.ts', line: 3, kind: 'method', async: true },
    { e: 'test', k: 'begin', name: 'sells', file },
    { e: 'en', a: 1, p: null, f: 1, o: 1, v: {} },
    { e: 'aw', a: 1, s: 1 },
    { e: 'test', k: 'end', name: 'sells', file, ok: false },
    { e: 'test', k: 'begin', name: 'labels', file },
    { e: 'en', a: 2, p: null, f: 2, o: 2, v: {} },
    // The first test's activation resumes during the second test: still the first test's work.
    { e: 'rs', a: 1, s: 1 },
    { e: 'en', a: 3, p: 1, f: 1, o: 3, v: {} },
    { e: 'ex', a: 2, f: 2, x: 0, v: {} },
    { e: 'test', k: 'end', name: 'labels', file, ok: true },
    { e: 'ex', a: 1, f: 1, x: 0, v: {} },
    { e: 'end', reason: 'exit', code: 1, events: 15 },
  ];
  return { dir, events };
}

test('an event belongs to the test case open when it happened; an activation to its caller\'s test case', () => {
  const { dir, events } = project();
  try {
    const tracker = new TestCaseTracker();
    const owners = events.map((e) => tracker.owner(e));
    const sells = testCaseKey({ name: 'sells', file: 'a.test.ts' });
    const labels = testCaseKey({ name: 'labels', file: 'a.test.ts' });
    assert.deepEqual(owners, [undefined, undefined, undefined, sells, sells, sells, sells, labels, labels, sells, sells, labels, labels, sells, undefined]);
    // Lines: found by the title written in the file (node:test does not say where a test is).
    assert.deepEqual(tracker.testCases(), [
      { name: 'sells', file: 'a.test.ts', line: 3, ok: false },
      { name: 'labels', file: 'a.test.ts', line: 4, ok: true },
    ]);
    assert.deepEqual(failingTestCases(tracker.testCases(), true).map((t) => t.name), ['sells']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a retry begins the test again without an end before it: once it ends, no test case is open', () => {
  const tracker = new TestCaseTracker();
  const file = '/p/a.test.ts';
  tracker.owner({ e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['node', file], cwd: '/p', started: '', fields: true });
  for (let i = 0; i < 3; i++) tracker.owner({ e: 'test', k: 'begin', name: 'F retried', path: ['F', 'retried'], file });
  tracker.owner({ e: 'test', k: 'end', name: 'F retried', file, ok: true });
  assert.equal(tracker.owner({ e: 'en', a: 1, p: null, f: 1, o: 1, v: {} }), undefined);
  assert.equal(tracker.testCases().length, 1);
});

test('a test case that never ended failed when its process did', () => {
  const tests = [{ name: 'hangs', file: 'a.test.ts', line: 1 }, { name: 'passes', file: 'a.test.ts', line: 2, ok: true }];
  assert.deepEqual(failingTestCases(tests, true).map((t) => t.name), ['hangs']);
  assert.deepEqual(failingTestCases(tests, false), []);
});

test('readTraceFile with a test scope passes on only those test cases\' events, declarations and the rest', async () => {
  const { dir, events } = project();
  try {
    const file = join(dir, 'trace-1.jsonl');
    writeFileSync(file, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const seen: string[] = [];
    const info = await readTraceFile(file, (e) => seen.push(e.e === 'en' || e.e === 'ex' ? `${e.e}${e.a}` : e.e), { testCases: new Set([testCaseKey({ name: 'sells', file: 'a.test.ts' })]) });
    assert.deepEqual(seen, ['header', 'fn', 'fn', 'test', 'en1', 'aw', 'test', 'test', 'rs', 'en3', 'test', 'ex1', 'end']);
    assert.equal(info.testCases.length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a nested test\'s line is found along its path; same-named tests keep apart by ordinal, each at its own line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-test-names-'));
  try {
    const file = join(dir, 'b.test.ts');
    writeFileSync(file, [
      "import { describe, it } from 'node:test';",
      "describe('labels', () => {",
      "  it('works', async () => {});",
      '});',
      "describe('sales', () => {",
      "  it('works', async () => {});",
      "  it('works', async () => {});",
      '});',
    ].join('\n'));
    const tracker = new TestCaseTracker();
    const events: TraceEvent[] = [
      { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['node', file], cwd: dir, started: '', fields: true },
      { e: 'test', k: 'begin', name: 'labels > works', path: ['labels', 'works'], file },
      { e: 'test', k: 'end', name: 'labels > works', file, ok: true },
      { e: 'test', k: 'begin', name: 'sales > works', path: ['sales', 'works'], file },
      { e: 'en', a: 1, p: null, f: 1, o: 1, v: {} },
      { e: 'test', k: 'end', name: 'sales > works', file, ok: true },
      { e: 'test', k: 'begin', name: 'sales > works', path: ['sales', 'works'], file, n: 2 },
      { e: 'en', a: 2, p: null, f: 1, o: 2, v: {} },
      { e: 'test', k: 'end', name: 'sales > works', file, n: 2, ok: false },
    ];
    const owners = events.map((e) => tracker.owner(e));
    const first = testCaseKey({ name: 'sales > works', file: 'b.test.ts' });
    const second = testCaseKey({ name: 'sales > works', file: 'b.test.ts', ordinal: 2 });
    assert.notEqual(first, second);
    assert.equal(owners[4], first);
    assert.equal(owners[7], second);
    assert.deepEqual(tracker.testCases(), [
      { name: 'labels > works', file: 'b.test.ts', line: 3, ok: true },
      { name: 'sales > works', file: 'b.test.ts', line: 6, ok: true },
      { name: 'sales > works', file: 'b.test.ts', line: 7, ordinal: 2, ok: false },
    ]);
    assert.deepEqual(failingTestCases(tracker.testCases(), true).map(testCaseKey), [second]);
    // A suite title not written as a literal is passed over; a title not found at all: no line.
    assert.equal(lineOfTest(file, ['computed', 'sales', 'works'], 2), 7);
    assert.equal(lineOfTest(file, ['sales', 'works'], 3), 0);
    assert.equal(lineOfTest(join(dir, 'missing.ts'), ['works']), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
