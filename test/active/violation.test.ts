// analyzeRun on hand-written traces (issue 14): the violation kind is the first failure in the
// run; the schedule has reads with values and resources in the user's words.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeRun, failureMessage } from '../../src/core/active/violation.ts';
import type { TracedRun } from '../../src/core/trace/run-traced.ts';

const HEAD = [
  { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['node', 'test/server.test.ts'], cwd: '/p', started: '2024-01-01T00:00:00Z', fields: true },
  { e: 'fn', i: 1, name: 'Server.start', file: 'src/server.ts', line: 3, kind: 'method', async: true },
  { e: 'fn', i: 2, name: 'Client.ready', file: 'src/server.ts', line: 18, kind: 'method', async: true },
  { e: 'site', i: 1, file: 'src/server.ts', line: 5, col: 3, k: 'await' },
  { e: 'site', i: 2, file: 'src/server.ts', line: 4, col: 3, k: 'read', name: 'port' },
  { e: 'site', i: 3, file: 'src/server.ts', line: 6, col: 3, k: 'call', name: 'listen' },
  { e: 'site', i: 4, file: 'src/server.ts', line: 20, col: 3, k: 'await' },
  { e: 'en', a: 1, p: null, f: 1, o: 1, v: {} },
  { e: 'en', a: 2, p: null, f: 1, o: 1, v: {} },
  { e: 'en', a: 3, p: null, f: 2, o: 2, v: {} },
  { e: 'rd', a: 1, s: 2, obj: 7, k: 'port', v: 4123 },
  { e: 'rd', a: 1, s: 2, obj: 7, k: 'port', v: 4123 },
  { e: 'rd', a: 2, s: 2, obj: 7, k: 'port' },
  { e: 'sched', n: 1, a: 1, s: 1, c: 2, i: 0, k: '1@1', t: 1 },
  { e: 'wr', a: 1, s: 3, obj: 0, k: 'port:4123' },
  { e: 'sched', n: 2, a: 2, s: 1, c: 1, i: 0, k: '2@1', t: 2 },
];
const THROW = { e: 'exc', a: 2, f: 1, err: { $: 'error', name: 'Error', message: 'listen EADDRINUSE: address already in use :::4123' }, v: {} };
const STALL = { e: 'stall', kind: 'hang', message: 'hang: 1 continuation(s) waited over 2000 ms for promises that never settled', step: 2, atExit: false, parked: [{ a: 3, s: 4, t: 3 }] };

// Each test's run folder, removed at the end (they piled up in /tmp: stop 54).
const runDirs: string[] = [];
after(() => {
  for (const dir of runDirs) rmSync(dir, { recursive: true, force: true });
});

function traced(events: object[], output: string): TracedRun {
  const runDir = mkdtempSync(join(tmpdir(), 'conlens-violation-'));
  runDirs.push(runDir);
  writeFileSync(join(runDir, 'trace-1.jsonl'), `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  return { id: 'r', suite: 'integration', runDir, argv: [], passed: false, exitCode: 1, timedOut: false, durationMs: 1, output };
}

test('a run that threw (EADDRINUSE out of a task) and then hung is the exception, with its message', async () => {
  const output = "not ok 1 - two servers\n  error: 'listen EADDRINUSE: address already in use :::4123'\n";
  const got = await analyzeRun(traced([...HEAD, THROW, STALL], output), 'random', 3);
  assert.equal(got.outcome, 'exception');
  assert.match(got.message!, /^Error: listen EADDRINUSE: address already in use :::4123 \(then the run hung: 1 continuation\(s\) waited/);
  assert.equal(got.violation!.kind, 'exception');
  const events = got.violation!.schedule.map((s) => s.event);
  assert.deepEqual(events.slice(0, 3), ['reads `port` (4123)', 'reads `port`', 'resumes after the await at src/server.ts:5 (decision 1, 2 ready)'], 'a repeated read is one step; no value when the trace has none');
  assert.ok(events.includes('listens on port 4123'));
  assert.deepEqual(got.violation!.schedule.find((s) => s.event === 'listens on port 4123')!.access, { op: 'write', obj: 0, k: 'port:4123' });
  assert.deepEqual(got.violation!.frames!['2'], { function: 'Server.start', parent: null });
  // A sched step carries its decision number as a field (where "Debug this interleaving" pauses);
  // other steps have none.
  assert.deepEqual(got.violation!.schedule.filter((s) => s.decision !== undefined).map((s) => [s.decision, s.event]), [[1, 'resumes after the await at src/server.ts:5 (decision 1, 2 ready)'], [2, 'resumes after the await at src/server.ts:5 (decision 2, 1 ready)']]);
});

test('an unhandled rejection before the stall is the failure; a hang with no earlier failure stays a hang', async () => {
  const rejection = { e: 'err', kind: 'unhandled-rejection', err: { $: 'error', name: 'Error', message: 'boom' } };
  const first = await analyzeRun(traced([...HEAD, rejection, STALL], ''), 'random', 1);
  assert.equal(first.outcome, 'unhandled rejection');
  assert.match(first.message!, /^Error: boom \(then the run hung/);
  // The error escaped but the test output never reported it (the test caught it): the hang is the failure.
  const caught = await analyzeRun(traced([...HEAD, THROW, STALL], 'not ok 1 - two servers\n'), 'random', 1);
  assert.equal(caught.outcome, 'hang');
  const plain = await analyzeRun(traced([...HEAD, STALL], ''), 'random', 1);
  assert.equal(plain.outcome, 'hang');
});

test('failureMessage: an assertion without a message of its own says what differed, in one line', () => {
  const out = (body: string) => `not ok 1 - x\n  ---\n  failureType: 'testCodeFailure'\n  error: |-\n${body}\n  code: 'ERR_ASSERTION'\n  name: 'AssertionError'\n`;
  const deep = out(['    Expected values to be strictly deep-equal:', '    + actual - expected', '    ', '      {', '    -   autosave: true,', '        fontSize: 14,', "        theme: 'dark'", '      }'].join('\n'));
  assert.equal(failureMessage(deep), 'Expected values to be strictly deep-equal: - autosave: true, (+ actual, - expected)');
  const strict = out(['    Expected values to be strictly equal:', '    ', '    3 !== 4', '    '].join('\n'));
  assert.equal(failureMessage(strict), 'Expected values to be strictly equal: 3 !== 4');
  // The test's own message stays as it is.
  assert.equal(failureMessage("not ok 1 - x\n  error: 'a withdrawal failed: boom'\n  code: 'ERR_ASSERTION'\n"), 'a withdrawal failed: boom');
});

test('failureMessage: Vitest colours its output into a pipe; the assertion is read without the colour codes', () => {
  const vitest = [' \x1b[31m❯\x1b[39m test/a.test.ts \x1b[2m(\x1b[22m\x1b[2m2 tests\x1b[22m\x1b[2m | \x1b[22m\x1b[31m1 failed\x1b[39m)', '\x1b[31m\x1b[1mAssertionError\x1b[22m: expected 2 to be 1 // Object.is equality\x1b[39m', ' \x1b[36m \x1b[2m❯\x1b[22m test/a.test.ts:\x1b[2m15:32\x1b[22m\x1b[39m'].join('\n');
  assert.equal(failureMessage(vitest), 'AssertionError: expected 2 to be 1 // Object.is equality');
});

test('failureMessage: Mocha\'s assertion without a message of its own keeps what differed (it prints the diff unindented below)', () => {
  const mocha = (body: string[]) => ['  0 passing (18ms)', '  1 failing', '', '  1) prefs', '       two saved at once:', '', ...body, '      + expected - actual', '', '      -1', '      +2', '      ', '      at Context.<anonymous> (file:///p/test/a.test.ts:2:49)', ''].join('\n');
  const deep = mocha(['      AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:', '+ actual - expected', '', '  {', "    lang: 'en',", "-   theme: 'dark'", '  }']);
  assert.equal(failureMessage(deep), "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal: - theme: 'dark' (+ actual, - expected)");
  const strict = mocha(['      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:', '', '1 !== 2', '']);
  assert.equal(failureMessage(strict), 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 1 !== 2');
  // An error line with its own message stays as it is.
  assert.equal(failureMessage(mocha(['      Error: EEXIST: file already exists, mkdir \'/tmp/a\''])), "Error: EEXIST: file already exists, mkdir '/tmp/a'");
});

test('failureMessage: a Jest failure is its matcher with Expected/Received, or the thrown error', () => {
  const matcher = [
    'FAIL test/counter.test.js',
    '  ● two increments',
    '',
    '    expect(received).toBe(expected) // Object.is equality',
    '',
    '    Expected: 2',
    '    Received: 1',
    '',
    '      4 |   const c = new Counter();',
  ].join('\n');
  assert.equal(failureMessage(matcher), 'expect(received).toBe(expected): Expected: 2, Received: 1');
  const thrown = ['  ● transfers', '', '    RangeError: an account cannot transfer to itself', '', '      at x (src/a.ts:3:9)'].join('\n');
  assert.equal(failureMessage(thrown), 'RangeError: an account cannot transfer to itself');
});

test('a path a directory call made is told as a directory in every step that touches it; other paths stay files', async () => {
  const events = [
    { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: ['node', 'test/store.test.ts'], cwd: '/p', started: '2024-01-01T00:00:00Z', fields: true },
    { e: 'fn', i: 1, name: 'ensureDir', file: 'src/store.ts', line: 3, kind: 'function', async: false },
    { e: 'site', i: 1, file: 'src/store.ts', line: 4, col: 3, k: 'read', name: 'fs.stat' },
    { e: 'site', i: 2, file: 'src/store.ts', line: 6, col: 5, k: 'write', name: 'fs.mkdir' },
    { e: 'site', i: 3, file: 'src/store.ts', line: 9, col: 5, k: 'write', name: 'fs.writeFile' },
    { e: 'en', a: 1, p: null, f: 1, o: 1, v: {} },
    { e: 'rd', a: 1, s: 1, obj: 0, k: 'file:/tmp/cache' },
    { e: 'wr', a: 1, s: 2, obj: 0, k: 'file:/tmp/cache' },
    { e: 'wr', a: 1, s: 2, obj: 0, k: 'dir:/tmp' },
    { e: 'wr', a: 1, s: 3, obj: 0, k: 'file:/tmp/cache/a.txt' },
    THROW,
  ];
  const got = await analyzeRun(traced(events, "not ok 1 - store\n  error: 'listen EADDRINUSE: address already in use :::4123'\n"), 'random', 1);
  const texts = got.violation!.schedule.filter((s) => s.access).map((s) => s.event);
  assert.deepEqual(texts, ['reads directory /tmp/cache', 'writes directory /tmp/cache', 'writes directory /tmp', 'writes file /tmp/cache/a.txt']);
  // The key is still the path's: the stat and the mkdir are one location.
  const [stat, mkdir] = got.violation!.schedule.filter((s) => s.access);
  assert.equal(stat.access!.k, mkdir.access!.k);
});

test('an access whose value is an object or an array carries its id (`ref`): the path to a later read, and two `Object`s told apart', async () => {
  const output = "not ok 1 - two servers\n  error: 'listen EADDRINUSE: address already in use :::4123'\n";
  const values = [
    { e: 'rd', a: 1, s: 2, obj: 7, k: 'options', v: { $: 'object', id: 9, cls: 'Object' } },
    { e: 'wr', a: 1, s: 2, obj: 7, k: 'hosts', v: { $: 'array', id: 10, len: 2 } },
  ];
  const got = await analyzeRun(traced([...HEAD, ...values, THROW], output), 'random', 3);
  const access = (k: string) => got.violation!.schedule.find((s) => s.access?.k === k)!.access;
  assert.deepEqual(access('options'), { op: 'read', obj: 7, k: 'options', value: 'Object', ref: 9 });
  assert.deepEqual(access('hosts'), { op: 'write', obj: 7, k: 'hosts', value: 'Array(2)', ref: 10 });
  assert.equal(access('port')!.ref, undefined, 'a number is no object');
});

test('a hang names what each waiter waited for: the lock and its holder, or the awaited call; a delayed instant await is an assumption', async () => {
  const sites = [
    { e: 'site', i: 5, file: 'src/server.ts', line: 21, col: 3, k: 'await', name: 'this.origin.read' },
    { e: 'site', i: 6, file: 'src/server.ts', line: 22, col: 3, k: 'await', name: 'this.lock.acquire' },
  ];
  const stall = {
    e: 'stall', kind: 'hang', message: 'hang: 2 continuation(s) waited over 2000 ms for promises that never settled', step: 3, atExit: false,
    parked: [{ a: 3, s: 5, t: 3 }, { a: 2, s: 6, t: 2, lock: 9, holders: [1] }],
  };
  const delayed = { e: 'sched', n: 3, a: 2, s: 1, c: 2, i: 1, k: '2@1', t: 2, m: [5] };
  const got = await analyzeRun(traced([...HEAD, ...sites, delayed, stall], ''), 'random', 1);
  assert.equal(got.outcome, 'hang');
  const events = got.violation!.schedule.map((s) => s.event);
  assert.ok(events.includes('waits at src/server.ts:21 for `this.origin.read(…)`, whose promise never settled'), events.join('\n'));
  assert.ok(events.some((e) => /^waits at src\/server\.ts:22 for lock #9, held by T\d+, which never came$/.test(e)), events.join('\n'));
  assert.deepEqual(got.violation!.assumes, [{ file: 'src/server.ts', line: 21, call: 'this.origin.read' }]);
});

test('a hang names where the promise it waits for was made: by another task that waits too, or by test code', async () => {
  const site = { e: 'site', i: 7, file: 'src/server.ts', line: 30, col: 12, k: 'promise' };
  const stall = {
    e: 'stall', kind: 'hang', message: 'hang: 2 continuation(s) waited over 2000 ms for promises that never settled', step: 2, atExit: false,
    parked: [{ a: 3, s: 4, t: 3, made: { s: 7, a: 1 } }, { a: 1, s: 1, t: 1, made: { s: 7, a: null } }],
  };
  const got = await analyzeRun(traced([...HEAD, site, stall], ''), 'random', 1);
  assert.equal(got.outcome, 'hang');
  const waits = got.violation!.schedule.filter((s) => s.event.startsWith('waits at ')).map((s) => `${s.task} ${s.event}`);
  assert.deepEqual(waits, [
    'T3 waits at src/server.ts:20 for the promise made at src/server.ts:30 by T1 in Server.start; T1 is waiting too (at src/server.ts:5) and never resolved it',
    'T1 waits at src/server.ts:5 for the promise made at src/server.ts:30, which nothing resolved',
  ]);
});

// A scheduled run is slower than a plain one, and a runner's time limit runs on the real clock: a
// correct Vitest test of 100,000 awaits failed "Test timed out in 5000ms" under the scheduler.
test("a runner's time limit that ran out while the program still worked is no failure; one that ran out on a stuck program is", async () => {
  const begin = { e: 'test', k: 'begin', name: 'many items', file: 'test/server.test.ts', line: 3, vclock: 10 };
  const end = (idle: number, vclock = 12) => ({ e: 'test', k: 'end', name: 'many items', file: 'test/server.test.ts', ok: false, idle, vclock });
  const vitest = 'FAIL  test/server.test.ts > many items\nError: Test timed out in 5000ms.\nIf this is a long-running test, pass a timeout value as the last argument or configure testTimeout.\n';
  const working = await analyzeRun(traced([HEAD[0], begin, ...HEAD.slice(1), end(3)], vitest), 'random', 1);
  assert.equal(working.outcome, 'pass');
  assert.equal(working.violation, undefined);
  assert.match(working.inconclusive!, /^the test runner's time limit \("Test timed out in 5000ms"\) ran out in "many items" while the program was still working/);
  const stuck = await analyzeRun(traced([HEAD[0], begin, ...HEAD.slice(1), end(4000)], vitest), 'random', 1);
  assert.equal(stuck.outcome, 'exception');
  assert.equal(stuck.inconclusive, undefined);
  // The program spent most of the limit waiting on its own clock (a poll on timers for a state a
  // race left unreachable; timers fire in real time): a plain run times out too.
  const polled = await analyzeRun(traced([HEAD[0], begin, ...HEAD.slice(1), end(3, 3500)], vitest), 'random', 1);
  assert.equal(polled.outcome, 'exception');
  // Another test's assertion failed in the same run: a failure all the same.
  const asserted = await analyzeRun(traced([HEAD[0], begin, ...HEAD.slice(1), end(3)], `${vitest}AssertionError: expected 2 to be 1\n`), 'random', 1);
  assert.equal(asserted.outcome, 'failed assertion');
  // Mocha's and Jest's words for it.
  for (const words of ['Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()" is called', 'thrown: "Exceeded timeout of 5000 ms for a test.'])
    assert.equal((await analyzeRun(traced([HEAD[0], begin, ...HEAD.slice(1), end(0)], words), 'random', 1)).outcome, 'pass', words);
});

test('a run killed over its budget while still working is no hang; killed while idle, or with no end written, it is', async () => {
  const killed = (end: object | undefined) => {
    const run = traced(end ? [...HEAD, end] : HEAD, '');
    return analyzeRun({ ...run, timedOut: true, durationMs: 30_000 }, 'random', 1);
  };
  const working = await killed({ e: 'end', reason: 'signal', signal: 'SIGTERM', events: 20, idle: 2, vclock: 0 });
  assert.equal(working.outcome, 'pass');
  assert.match(working.inconclusive!, /^killed over its time budget \("timeoutMs"\) while the program was still working/);
  assert.equal((await killed({ e: 'end', reason: 'signal', signal: 'SIGTERM', events: 20, idle: 5000, vclock: 0 })).outcome, 'hang');
  // Working, but waiting on its own clock longer than the run lasted: a plain run is killed too.
  assert.equal((await killed({ e: 'end', reason: 'signal', signal: 'SIGTERM', events: 20, idle: 2, vclock: 90_000 })).outcome, 'hang');
  assert.equal((await killed(undefined)).outcome, 'hang');
});

// trial19: a hang named no test, though the trace held the begin of the test that never ended: a
// process the budget's kill ended (a signal, exit code none) did not count as failed.
test('a run killed over its budget while idle names the test that had begun and not ended', async () => {
  const tests = [
    { e: 'test', k: 'begin', name: 'pays', file: 'test/orders.test.ts', line: 3 },
    { e: 'test', k: 'end', name: 'pays', file: 'test/orders.test.ts', ok: true },
    { e: 'test', k: 'begin', name: 'ships while a waiter polls', file: 'test/orders.test.ts', line: 9 },
  ];
  const run = traced([...HEAD, ...tests, { e: 'end', reason: 'signal', signal: 'SIGTERM', events: 20, idle: 5000, vclock: 0 }], '');
  const got = await analyzeRun({ ...run, timedOut: true, durationMs: 30_000 }, 'random', 1);
  assert.equal(got.outcome, 'hang');
  assert.deepEqual(got.violation?.testCases?.map((t) => `${t.name}:${t.line}`), ['ships while a waiter polls:9']);
});

test('a test that failed before another test of the file hung is the failure; a runner time limit before the stall is the hang itself', async () => {
  const ended = (name: string) => [{ e: 'test', k: 'begin', name, file: 'test/server.test.ts', line: 3 }, { e: 'test', k: 'end', name, file: 'test/server.test.ts', ok: false }];
  const output = "  1) charges once\n  AssertionError [ERR_ASSERTION]: the card was charged more than once\n";
  const got = await analyzeRun(traced([...HEAD, ...ended('charges once'), STALL], output), 'random', 1);
  assert.equal(got.outcome, 'failed assertion');
  assert.match(got.message!, /the card was charged more than once \(then the run hung: /);
  // Mocha prints its failures at the end: the stall ended the process before that.
  const unprinted = await analyzeRun(traced([...HEAD, ...ended('charges once'), STALL], ''), 'random', 1);
  assert.equal(unprinted.outcome, 'exception');
  assert.match(unprinted.message!, /^"charges once" failed \(the runner had not printed why when the run hung\) \(then the run hung: /);
  const timedOut = await analyzeRun(traced([...HEAD, ...ended('waits'), STALL], '  1) waits\n  Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()" is called\n'), 'random', 1);
  assert.equal(timedOut.outcome, 'hang');
});

// The rank-examples file-appender run (stop 51): every decision had one candidate, but some
// delayed a continuation settled at once (mocked I/O taken as slow, `m`); "no run had a choice"
// and the timing-only judgement both read 0 choices as Node's own order.
test('choices count decisions with two candidates and decisions that delayed a continuation settled at once', async () => {
  const plain = HEAD.map((e) => (e.e === 'sched' ? { ...e, c: 1 } : e));
  assert.equal((await analyzeRun(traced(plain, ''), 'random', 1)).choices, 0);
  assert.equal((await analyzeRun(traced(HEAD, ''), 'random', 1)).choices, 1);
  const delayed = plain.map((e) => (e.e === 'sched' && e.n === 2 ? { ...e, m: [4] } : e));
  assert.equal((await analyzeRun(traced(delayed, ''), 'random', 1)).choices, 1);
});
