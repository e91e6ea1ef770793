import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ScheduleStep } from '../../src/core/active/violation.ts';
import { assertionValues, citedDecisions, decisionOf, editorViolation } from '../../src/core/report/cited-steps.ts';

// The end of a failing running-example run (004 Fig. 2): SB.func writes x = -4 (step 61) before
// SA.func1 reads it (step 64); decisions 33 and 34 release those two segments.
const SCHEDULE: ScheduleStep[] = [{"step":56,"task":"—","function":"(top level)","file":"test/integration/sa.test.ts","line":23,"event":"resumes after the await at test/integration/sa.test.ts:23 (decision 32, 1 ready)"},{"step":57,"task":"T25","function":"SA.constructor","file":"src/sa.ts","line":14,"event":"writes `y` (0.93)","access":{"op":"write","obj":18,"k":"y","value":"0.93"}},{"step":58,"task":"T25","function":"SA.constructor","file":"src/sa.ts","line":15,"event":"writes `z` (8)","access":{"op":"write","obj":18,"k":"z","value":"8"}},{"step":59,"task":"T27","function":"SB.run","file":"src/sb.ts","line":9,"event":"resumes after the await at src/sb.ts:9 (decision 33, 2 ready)"},{"step":60,"task":"T27","function":"SB.func","file":"src/sb.ts","line":14,"event":"reads `x` (1)","access":{"op":"read","obj":3,"k":"x","value":"1"}},{"step":61,"task":"T27","function":"SB.func","file":"src/sb.ts","line":14,"event":"writes `x` (-4)","access":{"op":"write","obj":3,"k":"x","value":"-4"}},{"step":62,"task":"T26","function":"SA.func1","file":"src/sa.ts","line":28,"event":"resumes after the await at src/sa.ts:28 (decision 34, 1 ready)"},{"step":63,"task":"T26","function":"SA.func1","file":"src/sa.ts","line":29,"event":"reads `z` (8)","access":{"op":"read","obj":18,"k":"z","value":"8"}},{"step":64,"task":"T26","function":"SA.func1","file":"src/sa.ts","line":29,"event":"reads `x` (-4)","access":{"op":"read","obj":3,"k":"x","value":"-4"}},{"step":65,"task":"T26","function":"SA.func1","file":"src/sa.ts","line":29,"event":"writes `xx` (4)","access":{"op":"write","obj":18,"k":"xx","value":"4"}},{"step":66,"task":"T26","function":"SA.run","file":"src/sa.ts","line":19,"event":"resumes after the await at src/sa.ts:19 (decision 35, 1 ready)"},{"step":67,"task":"T26","function":"SA.func2","file":"src/sa.ts","line":33,"event":"reads `y` (0.93)","access":{"op":"read","obj":18,"k":"y","value":"0.93"}},{"step":68,"task":"T26","function":"SA.func3","file":"src/sa.ts","line":41,"event":"reads `z` (8)","access":{"op":"read","obj":18,"k":"z","value":"8"}},{"step":69,"task":"T26","function":"SA.func3","file":"src/sa.ts","line":41,"event":"writes `z` (9)","access":{"op":"write","obj":18,"k":"z","value":"9"}},{"step":70,"task":"—","function":"(top level)","file":"test/integration/sa.test.ts","line":23,"event":"resumes after the await at test/integration/sa.test.ts:23 (decision 36, 1 ready)"}];

test('editorViolation: the ▶ steps of the order dependence, the decisions that start them, and the story', () => {
  const shown = editorViolation({ kind: 'failed assertion', message: 'func1 read x after Thread 1 had already decreased it', schedule: SCHEDULE });
  assert.deepEqual(shown.cited.map((s) => s.step), [61, 64]);
  assert.deepEqual(shown.decisions.map((d) => [d.decision, d.step, d.task, d.file, d.line]), [[33, 61, 'T27', 'src/sb.ts', 14], [34, 64, 'T26', 'src/sa.ts', 29]]);
  assert.match(shown.story, /T26 read `x` \(-4\).*written by T27/);
  assert.equal(shown.expected, undefined);
});

test('citedDecisions: one entry per decision; a step before any decision has none', () => {
  const bySteps = (steps: number[]) => citedDecisions(SCHEDULE, SCHEDULE.filter((s) => steps.includes(s.step)));
  assert.deepEqual(bySteps([60, 61]).map((d) => [d.decision, d.step]), [[33, 60]]);
  assert.deepEqual(bySteps([69, 57]).map((d) => d.decision), [32, 35]);
  assert.deepEqual(citedDecisions(SCHEDULE.slice(1), SCHEDULE.slice(1, 2)), []);
});

test('citedDecisions reads the sched steps\' `decision` field, and the text of a violation.json written before it', () => {
  // SCHEDULE is an old file: its decisions are only in the text. A new one has the field, which
  // wins over the text (the text is for people).
  const fielded = SCHEDULE.map((s) => {
    const m = /\(decision (\d+),/.exec(s.event);
    return m ? { ...s, decision: Number(m[1]) + 100, event: s.event.replace(/\(decision \d+, /, '(') } : s;
  });
  const cited = SCHEDULE.filter((s) => s.step === 61 || s.step === 64);
  assert.deepEqual(citedDecisions(fielded, cited).map((d) => [d.decision, d.step]), [[133, 61], [134, 64]]);
  assert.deepEqual(citedDecisions(SCHEDULE, cited).map((d) => [d.decision, d.step]), [[33, 61], [34, 64]]);
  assert.equal(decisionOf(SCHEDULE[1]), undefined, 'a step that is no decision');
});

test('assertionValues: node:assert, Jest and Vitest messages', () => {
  assert.deepEqual(assertionValues('Expected values to be strictly equal:\n\n-4 !== 1\n'), { expected: '1', actual: '-4' });
  assert.deepEqual(assertionValues('expect(received).toBe(expected)\n\nExpected: 2\nReceived: 1'), { expected: '2', actual: '1' });
  assert.deepEqual(assertionValues('AssertionError: expected 1 to be 2 // Object.is equality'), { expected: '2', actual: '1' });
  assert.equal(assertionValues('func1 read x too late'), undefined);
});

test('the runtime pauses (debugger statement) and says so only at the decisions CONLENS_DEBUG_DECISIONS names, in its process', () => {
  const script = [
    // The line goes to the inspector's console (what js-debug shows in the Debug Console): an
    // in-process session hears it, in order with the script's own lines.
    "import { Session } from 'node:inspector';",
    "const lines = [];",
    "const session = new Session();",
    "session.connect();",
    "session.on('Runtime.consoleAPICalled', ({ params }) => lines.push(params.args.map((a) => a.value).join(' ')));",
    "session.post('Runtime.enable');",
    "const { DEBUG_DECISIONS, debugDecision, rekeyDebugDecisions } = await import('./src/core/runtime/debug-decision.ts');",
    "for (let n = 1; n <= 5; n++) debugDecision(n);",
    "lines.push('wanted ' + (DEBUG_DECISIONS === undefined ? 'none' : [...DEBUG_DECISIONS.keys()].join(',')));",
    // A Vitest worker's key comes later (Scheduler.rekey).
    "rekeyDebugDecisions('other.test.ts');",
    "debugDecision(2);",
    "session.disconnect();",
    "process.stderr.write(lines.join('\\n'));",
  ].join('\n');
  const run = (value: string | undefined) => {
    const env = { ...process.env };
    delete env.CONLENS_DEBUG_DECISIONS;
    if (value !== undefined) env.CONLENS_DEBUG_DECISIONS = value;
    const r = spawnSync(process.execPath, ['--import', './dist/register.mjs', '--input-type=module', '-e', script, 'some/test.ts'], { cwd: join(__dirname, '..', '..'), env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stderr.trim().split('\n');
  };
  const decisions = [{ decision: 2, step: 7, task: 'T3', file: 'src/a.ts', line: 4, event: 'reads `x` (1)' }, { decision: 4, step: 9, task: 'T2', file: 'src/a.ts', line: 5, event: 'writes `x` (2)' }];
  const second = 'conlens: ▶ decision 2: task T3 — reads `x` (1) (step 7, src/a.ts:4)';
  const fourth = 'conlens: ▶ decision 4: task T2 — writes `x` (2) (step 9, src/a.ts:5)';
  assert.deepEqual(run(undefined), ['wanted none']);
  // Another process's decisions: no pause until the process is rekeyed to theirs.
  assert.deepEqual(run(JSON.stringify({ process: 'other.test.ts', decisions })), ['wanted 2,4', second]);
  assert.deepEqual(run(JSON.stringify({ process: 'some/test.ts', decisions })), [second, fourth, 'wanted 2,4']);
});
