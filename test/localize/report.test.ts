// The report's text table, and `conlens rank --sarif`: the SARIF 2.1.0 shape of a report — version and schema, the rules, one
// result per position and per violation, locations with regions, invariants in the message,
// the schedule as code flows with one thread flow per task.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SARIF_SCHEMA, toSarif, violationRuleId } from '../../src/core/report/sarif.ts';
import { formatReport } from '../../src/core/report/format-report.ts';
import { foldPositions } from '../../src/core/report/fold-positions.ts';
import type { Report } from '../../src/core/report/report-types.ts';

const report: Report = {
  version: 1,
  project: '/p',
  runs: 4,
  strategy: 'random',
  seed: 1,
  root: '(test)',
  positions: [
    {
      rank: 1, kind: 'function', function: 'SetCheck.set', id: 'src/set-check.ts#SetCheck.set', file: 'src/set-check.ts', line: 10,
      depth: 4, order: 12, score: 1 / 3, flags: { EN: 0, EX: 1 }, case: 'case3', confirmed: true,
      writer: { writes: true, vars: ['a', 'b'], source: 'access-map' },
      failureInvariants: [{ point: 'SetCheck.set:::EXIT', reference: 'this.a + this.b == 0', online: null, relationship: 'JM', type: 'Bin' }],
      reason: 'case 3', status: 'confirmed',
    },
    {
      rank: 2, kind: 'between', function: 'SetCheck.check', caller: 'CheckThread.run', file: '/p/src/set-check.ts', line: 16,
      depth: 3.5, order: 11, score: 3.5 / 11, flags: { EN: 1, EX: 1 }, case: 'case1', confirmed: false,
      writer: { writes: false, vars: [], source: 'none' }, failureInvariants: [], reason: 'case 1', status: 'invariant drift only',
    },
  ],
  violations: [
    {
      kind: 'failed assertion', message: 'bug found', strategy: 'random', seed: 3, file: '/p/.conlens/runs/x/violation.json', implicated: ['SetCheck.set'],
      trace: [
        { step: 1, task: 'T7', function: 'SetCheck.set', file: 'src/set-check.ts', line: 11, event: 'writes a' },
        { step: 2, task: 'T10', function: 'CheckThread.run', file: 'src/reorder-test.ts', line: 17, event: 'throws Error: bug found' },
        { step: 3, task: 'T7', function: 'SetCheck.set', file: 'src/set-check.ts', line: 12, event: 'resumes after the await' },
      ],
    },
    { kind: 'deadlock', message: 'T1 waits for T2', strategy: 'random', seed: 4, implicated: [], trace: [], cycle: ['T1 (f) waits for lock #1 held by T2'] },
  ],
  warnings: [],
  summary: { referenceInvariants: 10, onlineInvariants: 12, failureInvariants: 3, violations: 2, detectionRate: 0.5, unreached: [] },
};

test('SARIF 2.1.0: version, $schema, tool and rules; one result per position and per violation', () => {
  const log = toSarif(report, { toolVersion: '1.2.3' });
  assert.equal(log.version, '2.1.0');
  assert.equal(log.$schema, SARIF_SCHEMA);
  assert.equal(log.runs.length, 1);
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'conlens');
  assert.equal(run.tool.driver.version, '1.2.3');
  const rules = run.tool.driver.rules!;
  assert.equal(new Set(rules.map((r) => r.id)).size, rules.length, 'rule ids are unique');
  const results = run.results!;
  assert.equal(results.length, 4);
  assert.deepEqual(results.map((r) => r.ruleId), ['conlens/position-confirmed', 'conlens/position-drift', 'conlens/failed-assertion', 'conlens/deadlock']);
  for (const r of results) {
    assert.ok(r.ruleIndex! >= 0 && rules[r.ruleIndex!].id === r.ruleId, `ruleIndex of ${r.ruleId}`);
    assert.ok(r.message.text && r.message.text.length > 0);
    assert.ok(['error', 'warning'].includes(r.level!));
  }
  assert.equal(violationRuleId('unhandled rejection'), 'conlens/unhandled-rejection');
  assert.ok(rules.some((r) => r.id === violationRuleId('unhandled rejection')));
});

test('SARIF positions: project-relative locations with a region, the failure invariants and the status in the message', () => {
  const [set, check] = toSarif(report).runs[0].results!;
  assert.deepEqual(set.locations![0].physicalLocation, { artifactLocation: { uri: 'src/set-check.ts', uriBaseId: 'PROJECTROOT' }, region: { startLine: 10 } });
  assert.equal(check.locations![0].physicalLocation!.artifactLocation!.uri, 'src/set-check.ts', 'absolute paths become relative to the project');
  assert.match(set.message.text!, /^Rank 1: SetCheck\.set — S_rate 0\.333 \(depth 4, order 12\), flags \(0,1\), confirmed\./);
  assert.match(set.message.text!, /SetCheck\.set:::EXIT <this\.a \+ this\.b == 0, null> \(Bin, JM\)/);
  // One result per function: a between position is named by its callee, the caller is detail.
  assert.match(check.message.text!, /^Rank 2: SetCheck\.check — .*invariant drift only\.\nVia: called from CheckThread\.run \(between CheckThread\.run::ENTER and SetCheck\.check::ENTER\)/);
  assert.equal(check.partialFingerprints!.conlensPosition, 'function:SetCheck.check');
  assert.equal(set.level, 'error');
  assert.equal(check.level, 'warning');
  assert.deepEqual(toSarif(report).runs[0].originalUriBaseIds, { PROJECTROOT: { uri: 'file:///p/' } });
});

test('SARIF violations: the schedule as a code flow, one thread flow per task, steps in execution order', () => {
  const [, , assertion, deadlock] = toSarif(report).runs[0].results!;
  const flows = assertion.codeFlows![0].threadFlows;
  assert.deepEqual(flows.map((f) => f.id), ['T7', 'T10']);
  assert.deepEqual(flows[0].locations.map((l) => [l.executionOrder, l.location!.physicalLocation!.region!.startLine, l.location!.message!.text]), [
    [1, 11, 'SetCheck.set: writes a'],
    [3, 12, 'SetCheck.set: resumes after the await'],
  ]);
  assert.match(assertion.message.text!, /^failed assertion: bug found \(strategy random, seed 3; replay: conlens replay .*violation\.json\)\. Implicates SetCheck\.set\.$/);
  assert.equal(assertion.locations![0].physicalLocation!.region!.startLine, 12);
  assert.equal(deadlock.codeFlows, undefined);
  assert.deepEqual(deadlock.properties!.cycle, ['T1 (f) waits for lock #1 held by T2']);
  // Plain JSON: what a SARIF viewer reads back.
  assert.deepEqual(JSON.parse(JSON.stringify(toSarif(report))), toSarif(report));
});

test('text report: the table of Tables V/IX, the root, warnings, statuses, invariants and the violations', () => {
  const text = formatReport({ ...report, positions: [{ ...report.positions[0], interrupted: true }, report.positions[1]], warnings: ['1 of 4 integration runs hung'] }, { explain: true });
  assert.match(text, /^order and depth count from the root \(test\): the integration test itself; confirmed positions rank first$/m);
  assert.match(text, /^warning: 1 of 4 integration runs hung$/m);
  assert.match(text, /^rank +position +order +depth +S_rate +flags +status$/m);
  assert.match(text, /^1 +SetCheck\.set +12 +4 +0\.333 +\(0,1\) +confirmed \(update interrupted\)$/m);
  assert.match(text, /^2 +SetCheck\.check +11 +3\.50 +0\.318 +\(1,1\) +invariant drift only$/m);
  assert.match(text, /^ +via: called from CheckThread\.run \(between CheckThread\.run::ENTER and SetCheck\.check::ENTER\)$/m);
  assert.match(text, /^ +SetCheck\.set:::EXIT  <this\.a \+ this\.b == 0, null>  \(Bin, JM\)$/m);
  assert.match(text, /^2 of 4 runs showed a real violation; the first 2:$/m);
  assert.match(text, /^ +implicates SetCheck\.set$/m);
});

test('text report by default (issue 31): the user\'s functions, lines and values, each failure\'s story and replay; no paper codes', () => {
  const text = formatReport({ ...report, positions: [{ ...report.positions[0], interrupted: true }, report.positions[1]] });
  assert.match(text, /^Suspicious functions in \/p\n4 integration runs, strategy random, seeds 1…4: 2 failed\n/);
  assert.match(text, /^1\. SetCheck\.set  src\/set-check\.ts:10  confirmed\n   A failing run caught it in the middle of an update\.$/m);
  assert.match(text, /^   - on exit from SetCheck\.set, `this\.a \+ this\.b == 0` always held in the unit tests but not in the\n     integration runs$/m);
  assert.match(text, /^2\. SetCheck\.check  src\/set-check\.ts:16  not confirmed\n   No failing run points at it, but it was reached with state or arguments, and returned values,\n   the unit tests never showed\.$/m);
  assert.match(text, /^   called from CheckThread\.run$/m);
  assert.match(text, /^2 of 4 runs failed; the first 2:$/m);
  assert.match(text, /^Failure: failed assertion — bug found\n  replay: conlens replay \/p\/\.conlens\/runs\/x\/violation\.json\n/m);
  const body = text.slice(0, text.indexOf('conlens rank --explain'));
  assert.doesNotMatch(body, /S_rate|\border\b|\bdepth\b|\(0,1\)|\bJM\b|case \d|implicates|detection rate|failure invariant/);
  assert.match(text, /conlens rank --explain adds the ranking's terms/);
});

// Issue 29: a rank that checked nothing concurrent.
const notChecked: Report = {
  ...report, outcome: 'not-checked', runs: 0, positions: [], violations: [], warnings: [],
  notChecked: { what: 'concurrent calls of inc (what the unit tests call)', why: 'no integration test ran: none could be synthesized', todo: 'configure an "integration" command' },
  summary: { ...report.summary, referenceInvariants: 0, onlineInvariants: 0, failureInvariants: 0, violations: 0, detectionRate: 0 },
};

test('text report of a rank that could not check: what, why and what to do first; no all-clear, no table, no 0 runs', () => {
  assert.equal(formatReport(notChecked), 'Not checked: concurrent calls of inc (what the unit tests call).\n  why: no integration test ran: none could be synthesized.\n  to check it: configure an "integration" command.\n\n');
  // Runs without concurrent work may still show drift, under the statement; never "No suspicious position".
  const serial = formatReport({ ...notChecked, runs: 2, positions: [report.positions[1]] }, { explain: true });
  assert.match(serial, /^Not checked: [^\n]*\n.*\n.*\n\nSuspicious positions in \/p\n2 integration runs, strategy random, seeds 1…2; detection rate/);
  assert.match(formatReport({ ...notChecked, runs: 2, positions: [report.positions[1]] }), /^Not checked: [^\n]*\n.*\n.*\n\nSuspicious functions in \/p\n2 integration runs, strategy random, seeds 1…2: none failed\n/);
  for (const explain of [false, true]) {
    assert.doesNotMatch(formatReport({ ...notChecked, runs: 2 }, { explain }), /No suspicious/);
    // Issue 31: the words agree with the header's count of failure invariants.
    const clean = { ...report, outcome: 'checked' as const, positions: [], violations: [], summary: { ...report.summary, violations: 0 } };
    assert.ok(clean.summary.failureInvariants > 0);
    assert.match(formatReport(clean, { explain }), new RegExp(`^No suspicious function: no run failed, and the ${clean.summary.failureInvariants} invariants that changed in the integration runs pointed at no function\\.$`, 'm'));
    assert.match(formatReport({ ...clean, summary: { ...clean.summary, failureInvariants: 0 } }, { explain }), /^No suspicious function: no run failed, and the integration runs kept every invariant of the unit runs\.$/m);
  }
});

test('text report of a clean rank whose search found one schedule in all: says no other order was tried, never a bare all-clear', () => {
  const exploration = { bound: 2, exhausted: 0, complete: true, byPreemptions: [1], left: 0, pruned: 0, statement: 'explored every schedule: with the timings of its run, Node can run these tasks in one order only (at no point were two of them ready to go next), and it passed' };
  const clean = { ...report, outcome: 'checked' as const, positions: [], violations: [], exploration, summary: { ...report.summary, violations: 0, failureInvariants: 0 } };
  for (const explain of [false, true]) {
    const text = formatReport(clean, { explain });
    assert.match(text, /explored every schedule: with the timings of its run, Node can run these tasks in one order only \(at no point were two of them ready to go next\), and it passed/);
    assert.match(text, /^No suspicious function\. The concurrent tests had one possible order: at every point only one task\ncould go next \(a lock kept them apart, or their waits have fixed lengths/m);
    assert.doesNotMatch(text, /kept every invariant/);
  }
  // Random runs with nothing to choose (trial 19): said under the runs line, plain and --explain.
  const noChoice = 'no run had a choice to make: at every point only one continuation or callback was ready, so all 2 runs took Node\'s own order for the timer lengths and I/O times they had — other orders were not tried';
  for (const explain of [false, true]) assert.ok(formatReport({ ...clean, noChoice }, { explain }).includes(`\n${noChoice}\n`), `explain ${explain}`);
  assert.ok(!formatReport(clean).includes('no run had a choice'));
  // Two schedules, both passing: the usual words.
  const two = { ...clean, exploration: { ...exploration, byPreemptions: [1, 1], exhausted: 1, statement: 'x' } };
  assert.match(formatReport(two), /^No suspicious function: no run failed, and the integration runs kept every invariant of the unit runs\.$/m);
});

test('SARIF of a rank that could not check: no results, an unsuccessful invocation and a notification saying why', () => {
  const run = toSarif({ ...notChecked, warnings: ['a warning'] }).runs[0];
  assert.deepEqual(run.results, []);
  assert.deepEqual(run.invocations, [{
    executionSuccessful: false,
    toolExecutionNotifications: [
      { level: 'error', descriptor: { id: 'conlens/not-checked' }, message: { text: 'Not checked: concurrent calls of inc (what the unit tests call). Why: no integration test ran: none could be synthesized. To check it: configure an "integration" command.' } },
      { level: 'warning', message: { text: 'a warning' } },
    ],
  }]);
  assert.equal(run.properties!.outcome, 'not-checked');
  assert.deepEqual(toSarif({ ...report, outcome: 'finding' }).runs[0].invocations, [{ executionSuccessful: true }]);
});

test('text report: synthesized tests fuzzed one at a time say how many and the seeds each ran', () => {
  for (const explain of [false, true]) {
    const one = formatReport(report, { explain });
    assert.match(one, new RegExp(`^${report.runs} integration runs, strategy random, seeds 1…${report.runs}[;:]`, 'm'));
    const synthesized = formatReport({ ...report, runs: 20, tests: 4, seed: 1 }, { explain });
    assert.match(synthesized, /^20 integration runs \(4 synthesized tests × 5\), strategy random, seeds 1…5 each[;:]/m);
  }
});

test('one row per function: between positions and candidates fold into their function, ranks closed up, nothing lost', () => {
  const p = (rank: number, kind: 'function' | 'between' | 'candidate', fn: string, score: number, invariants: string[], caller?: string) => ({
    ...report.positions[0], rank, kind, function: fn, id: fn, score, case: kind === 'candidate' ? ('candidate' as const) : kind === 'between' ? ('case1' as const) : ('case3' as const),
    ...(caller ? { caller, callerId: caller } : {}), confirmed: false, interrupted: undefined,
    failureInvariants: invariants.map((t) => ({ point: `${fn}:::ENTER`, reference: t, online: null, relationship: 'JM', type: 'Bin' as const })),
    reason: kind, status: 'invariant drift only' as const,
  });
  const rows = foldPositions([
    p(1, 'function', 'checkThenWithdraw', 1, []),
    p(2, 'between', 'Account.getBalance', 0.68, ['this.balance >= 0'], 'checkThenWithdraw'),
    p(3, 'function', 'Account.withdraw', 0.667, []),
    p(4, 'candidate', 'Account.getBalance', 0.515, ['this.balance >= 0', 'return >= 0']),
    p(5, 'between', 'Account.getBalance', 0.515, ['this.balance >= 0'], '(test)'),
    p(5, 'function', 'Ledger.add', 0.515, []),
  ]);
  assert.deepEqual(rows.map((r) => [r.rank, r.function, r.kind]), [
    [1, 'checkThenWithdraw', 'function'],
    [2, 'Account.getBalance', 'between'],
    [3, 'Account.withdraw', 'function'],
    [4, 'Ledger.add', 'function'],
  ]);
  const balance = rows[1];
  assert.deepEqual(balance.via?.map((v) => [v.rank, v.kind, v.caller ?? '']), [[4, 'candidate', ''], [5, 'between', '(test)']]);
  assert.deepEqual(balance.failureInvariants.map((i) => i.reference), ['this.balance >= 0', 'return >= 0'], 'each invariant once');
  assert.equal(rows[3].rawRank, 5);
  assert.equal(rows[0].rawRank, undefined);
});

test('text report: noise is counted, and --all lists it with its rule', () => {
  const withNoise: Report = {
    ...report,
    hiddenFailureInvariants: [
      { function: 'SetCheck.set', point: 'SetCheck.set:::ENTER', reference: null, online: 'this has only one value', relationship: 'MJ', type: 'UInt', noise: 'identity', detail: 'this is one object per run: which object the test built' },
      { function: 'Store.open', point: 'Store.open:::EXIT', reference: 'this.dir == "/tmp/s-AbC123"', online: null, relationship: 'JM', type: 'UInt', noise: 'fixture', detail: '"/tmp/s-AbC123" is a temp path: a per-run fixture value' },
    ],
    summary: { ...report.summary, noise: { identity: 1, fixture: 1, 'node-internal': 0 } },
  };
  const quiet = formatReport(withNoise, { explain: true });
  assert.match(quiet, /^2 failure invariants hidden as fixture noise \(identity 1, fixture 1\); --all shows them$/m);
  assert.doesNotMatch(quiet, /only one value/);
  assert.match(formatReport(withNoise), /^2 changed invariants hidden as fixture noise \(object identities, temp paths, ids, ports, timestamps, relations of constants\); --all shows them$/m);
  assert.match(formatReport(withNoise, { all: true }), /^ +- on entry to SetCheck\.set, `this has only one value` held in every integration run but not in the unit tests \[fixture noise: this is one object per run/m);
  const all = formatReport(withNoise, { all: true, explain: true });
  assert.match(all, /^ +SetCheck\.set:::ENTER  <null, this has only one value>  \(UInt, MJ\)  \[noise: identity — /m);
  assert.match(all, /^ +Store\.open:::EXIT  <this\.dir == "\/tmp\/s-AbC123", null>  \(UInt, JM\)  \[noise: fixture — /m);
  // A folded relation is no fixture: its tag says it is not a change.
  const folded: Report = { ...withNoise, hiddenFailureInvariants: [{ function: 'SetCheck.set', point: 'SetCheck.set:::EXIT', reference: 'return != orig(user)', online: null, relationship: 'JM', type: 'Bin', noise: 'folded', detail: 'still holds in the integration runs, where each of its variables kept one value (return == "k:ann", orig(user) == "ann"): folded into those constants, not broken' }] };
  assert.match(formatReport(folded, { all: true }), /`return != orig\(user\)` always held in the unit tests but not in the integration runs \[not a change: still holds in the integration runs/);
});

test('SARIF: a violation ASSETFUZZER realised gets the rule of its 001 Table 1 row, its four steps as related locations', () => {
  const serializability = {
    id: '9:x', row: 9, notation: "R_u(m1) W_u'(m1) W_u'(m2) R_u(m2)", pattern: 'inconsistent view', description: 'state observed is inconsistent',
    units: ['Account.copyFrom', 'Account.creditInterest'] as [string, string], atomicSet: ['checking', 'savings'], vulnerableWindowLockset: [-1, 2],
    events: [
      { role: 'u' as const, op: 'read' as const, loc: 0 as const, location: 'checking', site: 'src/account.ts:61:5', file: 'src/account.ts', line: 61, ctx: 'a', function: 'Account.getChk' },
      { role: "u'" as const, op: 'write' as const, loc: 0 as const, location: 'checking', site: 'src/account.ts:39:7', file: 'src/account.ts', line: 39, ctx: 'b', function: 'Account.creditInterest' },
      { role: "u'" as const, op: 'write' as const, loc: 1 as const, location: 'savings', site: 'src/account.ts:40:7', file: 'src/account.ts', line: 40, ctx: 'b', function: 'Account.creditInterest' },
      { role: 'u' as const, op: 'read' as const, loc: 1 as const, location: 'savings', site: 'src/account.ts:65:5', file: 'src/account.ts', line: 65, ctx: 'c', function: 'Account.getSav' },
    ],
  };
  const withAsf: Report = { ...report, positions: [], violations: [{ ...report.violations[0], strategy: 'assetfuzzer', serializability }] };
  const run = toSarif(withAsf).runs[0];
  const [result] = run.results!;
  assert.equal(result.ruleId, 'conlens/atomic-set-row-9');
  assert.equal(run.tool.driver.rules![result.ruleIndex!].id, 'conlens/atomic-set-row-9');
  // Eleven rows, eleven rules.
  assert.equal(run.tool.driver.rules!.filter((r) => r.id.startsWith('conlens/atomic-set-row-')).length, 11);
  assert.match(result.message.text!, /^Account\.copyFrom reads checking and savings but Account\.creditInterest writes them in between/);
  assert.deepEqual(result.relatedLocations!.map((l) => l.physicalLocation!.region!.startLine), [61, 39, 40, 65]);
  assert.deepEqual(result.locations![0].physicalLocation!.region, { startLine: 65 });
});

test('text report: the failing tests, and each failure\'s, are listed up to five, then counted (a parameterized test fails many at once)', () => {
  const cases = Array.from({ length: 8 }, (_, i) => ({ name: `runs together (z=${i})`, file: 'test/a.test.ts', line: 0 }));
  const many: Report = { ...report, failingTests: cases, violations: [{ ...report.violations[0], testCases: cases }] };
  for (const explain of [false, true]) {
    const text = formatReport(many, { explain });
    assert.match(text, /failing tests \(the ranking and stories use only their events\):\n {2}"runs together \(z=0\)" \(test\/a\.test\.ts\)\n/);
    assert.match(text, / {2}… and 3 more \(report\.json lists them all\)\n/);
    assert.match(text, / {2}in "runs together \(z=0\)" \(test\/a\.test\.ts\);[^]*\(z=4\)"\s+\(test\/a\.test\.ts\) and 3 more\n/);
    assert.doesNotMatch(text, /z=5/);
  }
});

test("plain words: an implicated function that only the failing run shows writing says what it wrote", async () => {
  const { positionInWords } = await import('../../src/core/report/plain-words.ts');
  const base = { ...report.positions[1], kind: 'violation' as const, confirmed: true, evidence: 'implicated' as const };
  assert.equal(positionInWords({ ...base, writer: { writes: false, vars: [], source: 'none' } }), 'a failing run went through it');
  assert.equal(
    positionInWords({ ...base, writer: { writes: true, vars: ['the elements of cart.items', 'updatedAt'], source: 'schedule' } }),
    'a failing run went through it, and it wrote the elements of cart.items, updatedAt there',
  );
  assert.equal(positionInWords({ ...base, writer: { writes: true, vars: ['a', 'b', 'c', 'd', 'e'], source: 'schedule' } }), 'a failing run went through it, and it wrote a, b, c and 2 more there');
  // A member write the access map knows needs no telling here: the tier's words stand.
  assert.equal(positionInWords({ ...base, writer: { writes: true, vars: ['a'], source: 'access-map' } }), 'a failing run went through it');
});

test('a JM and an MJ over the same variables at one point are told as one change (fahunt: `this.saves >= 0` "not in the unit tests", where it held)', async () => {
  const { invariantChanges, invariantInWords } = await import('../../src/core/report/plain-words.ts');
  const point = 'src/c.ts#SaveCoalescer.request:::ENTER';
  const invs = [
    { point, vars: ['value', 'this.saves'], reference: null, online: 'value >= this.saves', relationship: 'MJ', type: 'Bin' as const },
    { point, vars: ['this.saves'], reference: null, online: 'this.saves >= 0', relationship: 'MJ', type: 'U!Int' as const },
    { point, vars: ['this.running'], reference: 'this.running == null', online: null, relationship: 'JM', type: 'U!Int' as const },
    { point, vars: ['this.saves'], reference: 'this.saves one of { 0, 1, 2 }', online: null, relationship: 'JM', type: 'U!Int' as const },
    { point: 'src/c.ts#SaveCoalescer.run:::ENTER', vars: ['this.saves'], reference: null, online: 'this.saves >= 0', relationship: 'MJ', type: 'U!Int' as const },
  ];
  const words = invariantChanges(invs).map(invariantInWords);
  assert.deepEqual(words, [
    'on entry to SaveCoalescer.request, `value >= this.saves` held in every integration run but not in the unit tests',
    'on entry to SaveCoalescer.request, `this.saves one of { 0, 1, 2 }` in the unit tests became `this.saves >= 0` in the integration runs',
    'on entry to SaveCoalescer.request, `this.running == null` always held in the unit tests but not in the integration runs',
    // Another point: not paired.
    'on entry to SaveCoalescer.run, `this.saves >= 0` held in every integration run but not in the unit tests',
  ]);
  // Without variables (an older report), nothing is paired.
  assert.equal(invariantChanges(invs.map(({ vars: _, ...i }) => i)).length, 5);
});

test('text report: a failure told the same way as one above gets its replay only (trial17: three identical stories)', () => {
  const first = report.violations[0];
  const text = formatReport({ ...report, violations: [first, { ...first, seed: 5, file: '/p/.conlens/runs/y/violation.json' }, report.violations[1]], summary: { ...report.summary, violations: 3 } });
  assert.equal(text.match(/^Failure: failed assertion — bug found$/gm)?.length, 1);
  assert.match(text, /^Failure: the same again, in another run — replay: conlens replay \/p\/\.conlens\/runs\/y\/violation\.json$/m);
  assert.match(text, /^Failure: deadlock — T1 waits for T2$/m);
});
