// The pure part of the editor: report validation, "Not the bug" re-ranking, heat buckets, the
// tree models of the three views, the Problems-panel mapping and the hover text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  breakingStep,
  bucketThresholds,
  codeLensTitle,
  heatBucket,
  invariantTree,
  pairLabel,
  parseReport,
  positionKey,
  positionLabel,
  positionLines,
  positionsByLine,
  revealLine,
  rerank,
  ReportFormatError,
  splitPoint,
  topScore,
  violationDiagnostic,
  violationLabel,
  MAX_RELATED_STEPS,
  notCheckedText,
} from '../../src/extension/model/report-model.ts';
import { escapeMarkdown, hoverMarkdown } from '../../src/extension/model/hover-text.ts';
import { position, report } from './fixtures.ts';

test('parseReport accepts a rank report and names the file and the fix for anything else', () => {
  const r = report();
  assert.deepEqual(parseReport(JSON.stringify(r), 'report.json'), r);
  assert.throws(() => parseReport('{', '/w/.conlens/report.json'), (e: Error) => e instanceof ReportFormatError && /\/w\/\.conlens\/report\.json: not JSON/.test(e.message));
  assert.throws(() => parseReport(JSON.stringify({ ...r, version: 2 }), 'f.json'), /f\.json: report version 2 is not supported/);
  assert.throws(() => parseReport(JSON.stringify({ ...r, positions: undefined }), 'f.json'), /no "positions" list/);
  assert.throws(() => parseReport(JSON.stringify({ ...r, positions: [{ rank: 1 }] }), 'f.json'), /positions\[0\] lacks function, rank or score/);
  assert.throws(() => parseReport('null', 'f.json'), /not a Concurrency Lens report/);
});

test('a report that could not check reads back, and says in one line what was not checked and why (issue 29)', () => {
  const notChecked = { what: 'concurrent calls of inc (what the unit tests call)', why: 'no integration test ran', todo: 'configure an "integration" command' };
  const r = { ...report(), outcome: 'not-checked' as const, notChecked, positions: [], violations: [] };
  assert.deepEqual(parseReport(JSON.stringify(r), 'report.json').notChecked, notChecked);
  assert.equal(notCheckedText(notChecked), 'Not checked: concurrent calls of inc (what the unit tests call) — no integration test ran.');
});

test('rerank keeps the report order, and competition ranks over what is left', () => {
  const r = report();
  assert.deepEqual(rerank(r).map((p) => p.rank), [1, 2, 3, 3, 5]);
  // Hide #1 (Account.getBalance): "Not the bug" names a function, so a report from before
  // positions were folded (between and candidate rows of one function) loses both rows; the tie
  // at 3 stays a tie.
  const hidden = new Set([positionKey(r.positions[0])]);
  const after = rerank(r, hidden);
  assert.deepEqual(after.map((p) => [p.rank, p.position.function, p.position.kind]), [
    [1, 'Account.withdraw', 'function'],
    [1, 'Ledger.add', 'function'],
    [3, 'InsufficientFundsError.constructor', 'function'],
  ]);
  // Hiding one of a tie leaves the other at the same rank and moves the rest up by one only.
  const tie = rerank(r, new Set([positionKey(r.positions[2])]));
  assert.deepEqual(tie.map((p) => p.rank), [1, 2, 3, 4]);
  assert.equal(tie[2].position.function, 'Ledger.add');
  // Indexes point into the report, keys are stable.
  assert.deepEqual(after.map((p) => p.index), [2, 3, 4]);
});

test('positionKey names the function: its between position and its candidate are one row', () => {
  const [between, candidate] = report().positions;
  assert.equal(positionKey(between), positionKey(candidate));
  assert.equal(positionKey(between), 'function:src/account.ts#Account.getBalance');
});

test('heat buckets are relative to the top score, thresholds from the setting', () => {
  const t = bucketThresholds(undefined).thresholds;
  assert.deepEqual(t, [0.75, 0.5, 0.25]);
  assert.equal(heatBucket(1, 1, t), 0);
  assert.equal(heatBucket(0.75, 1, t), 0);
  assert.equal(heatBucket(0.74, 1, t), 1);
  assert.equal(heatBucket(0.5, 1, t), 1);
  assert.equal(heatBucket(0.3, 1, t), 2);
  assert.equal(heatBucket(0.2, 1, t), 3);
  assert.equal(heatBucket(0, 1, t), 3);
  // Relative: a top score of 0.4 makes 0.4 the hottest.
  assert.equal(heatBucket(0.4, 0.4, t), 0);
  assert.equal(heatBucket(0.1, 0.4, t), 2);
  // No positive score: only rank 1 is hot.
  assert.equal(heatBucket(0, 0, t, 1), 0);
  assert.equal(heatBucket(0, 0, t, 2), 3);
  assert.equal(topScore(rerank(report())), 1);
});

test('bucketThresholds sorts a valid setting and falls back on a bad one, saying why', () => {
  assert.deepEqual(bucketThresholds([0.2, 0.9, 0.5]).thresholds, [0.9, 0.5, 0.2]);
  for (const bad of [[1, 2, 3], [0.5, 0.2], [0.9, 0.7, 0.5, 0.3], 'x', [0.5, 0, 0.2]]) {
    const got = bucketThresholds(bad);
    assert.deepEqual(got.thresholds, [0.75, 0.5, 0.25]);
    assert.match(got.problem ?? '', /conlens\.colorBuckets/);
  }
});

test('tree labels: rank and name, S_rate, flags and the confirmed/drift badge', () => {
  const ranked = rerank(report());
  assert.deepEqual(positionLabel(ranked[0]), { label: '#1 Account.getBalance', description: 'S 1.00 · (1,1) · confirmed · via checkThenWithdraw', badge: 'confirmed' });
  assert.deepEqual(positionLabel(ranked[1]), { label: '#2 Account.getBalance', description: 'S 1.00 · (1,1) · drift only', badge: 'drift' });
  const deadlock = rerank({ ...report(), positions: [position({ rank: 1, function: 'f', score: 0.5, likelyDeadlock: true })] });
  assert.match(positionLabel(deadlock[0]).description, /likely deadlock/);
});

test('CodeLens title counts failure invariants', () => {
  const ranked = rerank(report());
  assert.equal(codeLensTitle(ranked[0]), '#1 suspicious · S 1.00 · 1 failure invariant · confirmed');
  assert.equal(codeLensTitle(ranked[1]), '#2 suspicious · S 1.00 · 2 failure invariants');
  assert.equal(codeLensTitle(ranked[4]), '#5 suspicious · S 0.20 · 0 failure invariants');
});

test('positionsByLine groups the positions of one declaration, best rank first', () => {
  const lines = positionsByLine(rerank(report()));
  assert.deepEqual([...lines.keys()], ['src/account.ts:19', 'src/account.ts:23', 'src/ledger.ts:5', 'src/account.ts:4']);
  assert.deepEqual(lines.get('src/account.ts:19')!.group.map((r) => r.position.kind), ['between', 'candidate']);
});

test('a between position also marks its caller declaration, and reveals it first', () => {
  const ranked = rerank(report());
  ranked[0].callerAt = { file: 'src/account.ts', line: 37 };
  assert.deepEqual(positionLines(ranked[0]), [{ file: 'src/account.ts', line: 37 }, { file: 'src/account.ts', line: 19 }]);
  assert.deepEqual(revealLine(ranked[0]), { file: 'src/account.ts', line: 37 });
  assert.deepEqual(revealLine(ranked[1]), { file: 'src/account.ts', line: 19 });
  const lines = positionsByLine(ranked);
  assert.deepEqual(lines.get('src/account.ts:37'), { file: 'src/account.ts', line: 37, group: [ranked[0]] });
  assert.equal(lines.get('src/account.ts:19')!.group.length, 2);
  // A position without file or line marks nothing.
  assert.deepEqual(positionLines(rerank({ ...report(), positions: [position({ rank: 1, function: 'f', score: 1, file: undefined, line: undefined })] })[0]), []);
});

test('invariantTree: function → ENTER/EXIT → pairs, each pair once, in rank order', () => {
  const tree = invariantTree(rerank(report()));
  assert.deepEqual(tree.map((n) => [n.function, n.rank, n.line]), [
    ['Account.getBalance', 1, 19],
    ['Account.withdraw', 3, 23],
  ]);
  assert.deepEqual(tree[0].points.map((p) => [p.kind, p.pairs.length]), [
    ['ENTER', 1],
    ['EXIT', 1],
  ]);
  assert.equal(pairLabel(tree[1].points[0].pairs[0]), '⟨this.balance >= 0, this.balance >= -40⟩');
  assert.equal(pairLabel(tree[0].points[0].pairs[0]), '⟨this.balance >= 0, —⟩');
  // Hidden positions take their invariants with them.
  const r = report();
  const rest = invariantTree(rerank(r, new Set([positionKey(r.positions[2])])));
  assert.deepEqual(rest.map((n) => n.function), ['Account.getBalance']);
});

test('points named by node id show the display name and reveal that node', () => {
  const r = report();
  r.positions[4].id = 'src/account.ts#InsufficientFundsError.constructor';
  r.positions[4].failureInvariants = [{ point: 'src/account.ts#InsufficientFundsError.constructor:::EXIT', reference: 'a', online: 'b', relationship: 'DJJ', type: 'UInt' }];
  const node = invariantTree(rerank(r)).find((n) => n.function === 'InsufficientFundsError.constructor')!;
  assert.equal(node.line, 4);
  assert.equal(node.points[0].kind, 'EXIT');
  assert.deepEqual(splitPoint('src/a.ts#f:::ENTER'), { function: 'f', kind: 'ENTER', id: 'src/a.ts#f' });
  assert.deepEqual(splitPoint('A.f:::EXIT12'), { function: 'A.f', kind: 'EXIT12' });
});

test('a violation breaks at its last throw; deadlocks at the last lock request', () => {
  const v = report().violations[0];
  assert.equal(breakingStep(v)?.step, 3);
  assert.equal(breakingStep({ ...v, kind: 'deadlock' })?.step, 2);
  assert.equal(breakingStep({ ...v, trace: v.trace.filter((s) => !s.event.startsWith('throws')) })?.step, 4);
  assert.equal(breakingStep({ ...v, trace: [] }), undefined);
});

test('violationDiagnostic: on the breaking line, the last steps as related information', () => {
  const d = violationDiagnostic(report().violations[0])!;
  assert.equal(d.file, 'src/account.ts');
  assert.equal(d.line, 23);
  assert.match(d.message, /^failed assertion: a withdrawal failed.*seed 1/);
  assert.equal(d.related.length, 4);
  assert.deepEqual(d.related[2], { file: 'src/account.ts', line: 23, message: 'step 3: T2 Account.withdraw throws InsufficientFundsError: balance went negative: -40' });
  const long = { ...report().violations[0], trace: Array.from({ length: 100 }, (_, i) => ({ step: i + 1, task: 'T1', function: 'f', file: 'a.ts', line: i + 1, event: 'e' })) };
  const capped = violationDiagnostic(long)!;
  assert.equal(capped.related.length, MAX_RELATED_STEPS);
  assert.equal(capped.related.at(-1)!.line, 100);
});

test('hover explains rank, S_rate = depth/order, flags, invariants and the confirming violation', () => {
  const r = report();
  const lines = positionsByLine(rerank(r));
  const text = hoverMarkdown(lines.get('src/account.ts:19')!.group, r.violations);
  assert.match(text, /#1 suspicious: Account\\\.getBalance\*\*/);
  assert.match(text, /S_rate = depth \/ order = 0\.5 \/ 0\.5 = \*\*1\.00\*\* · failure flag \(EN, EX\) = \(1,1\)/);
  // The invariants first, in plain words; the paper's numbers and the caller after them.
  assert.match(text, /- on entry to Account\\\.getBalance, `this\.balance >= 0` always held in the unit tests but not in the integration runs \(JM\)/);
  assert.ok(text.indexOf('on entry to') < text.indexOf('S_rate'));
  assert.match(text, /Via: called from checkThenWithdraw/);
  assert.match(text, /Confirmed by: failed assertion/);
  // With `implicated`, the violation that names the function is the one quoted.
  const other = { ...r.violations[0], kind: 'deadlock' as const, message: 'other', implicated: ['checkThenWithdraw'] };
  assert.match(hoverMarkdown(lines.get('src/account.ts:19')!.group, [r.violations[0], other]), /Confirmed by: deadlock — other/);
  assert.match(text, /#2 suspicious: Account\\\.getBalance\*\* · invariant drift only/);
  const unknown = hoverMarkdown(rerank({ ...r, positions: [position({ rank: 1, function: 'g', score: 0, order: null })] }), []);
  assert.match(unknown, /unknown \(no call recorded\)/);
});

test('escapeMarkdown leaves no Markdown syntax active', () => {
  assert.equal(escapeMarkdown('a*b_c <x> [y](z)'), 'a\\*b\\_c \\<x\\> \\[y\\]\\(z\\)');
});

test('noise: the hover counts what the noise rules hid, lists it under show all; the tree adds it marked', () => {
  const r = {
    ...report(),
    hiddenFailureInvariants: [
      { function: 'Account.getBalance', point: 'Account.getBalance:::ENTER', reference: 'this has only one value', online: null, relationship: 'JM', type: 'UInt' as const, noise: 'identity' as const, detail: 'this is one object per run: which object the test built' },
      { function: 'Ledger.add', point: 'Ledger.add:::EXIT', reference: null, online: 'this._eventsCount == 2', relationship: 'MJ', type: 'UInt' as const, noise: 'node-internal' as const, detail: 'over _eventsCount, a field of EventEmitter (Node core)' },
    ],
  };
  const group = positionsByLine(rerank(r)).get('src/account.ts:19')!.group;
  const quiet = hoverMarkdown(group, r.violations, { hidden: r.hiddenFailureInvariants });
  assert.match(quiet, /1 more failure invariant hidden as fixture noise/);
  assert.doesNotMatch(quiet, /has only one value/);
  const all = hoverMarkdown(group, r.violations, { hidden: r.hiddenFailureInvariants, showAll: true });
  assert.match(all, /Hidden as fixture noise \(1\):\n- on entry to Account\\\.getBalance, `this has only one value` always held in the unit tests but not in the integration runs — _identity: /);
  const tree = invariantTree(rerank(r), r.hiddenFailureInvariants);
  const enter = tree.find((n) => n.function === 'Account.getBalance')!.points.find((p) => p.kind === 'ENTER')!;
  assert.deepEqual(enter.pairs.map((p) => ('noise' in p ? p.noise : 'kept')), ['kept', 'identity']);
  assert.equal(invariantTree(rerank(r)).find((n) => n.function === 'Account.getBalance')!.points[0].pairs.length, 1, 'without show all: only the ranked ones');
});

test('a violation with a story: the hover, the Problems entry and SARIF lead with it (issue 14: the user\'s words first)', async () => {
  const { toSarif } = await import('../../src/core/report/sarif.ts');
  const story = 'T2 read `balance` (100) at account.ts:19 and awaited at account.ts:37; meanwhile T1 wrote `balance` (30) at account.ts:25; T2 then wrote `balance` (-40) at account.ts:25 from its stale read — the check and the act of `checkThenWithdraw` are not atomic (lost update, 001 Table 1 pattern 1: R-W-W).';
  const r = report();
  r.violations[0] = { ...r.violations[0], story, implicated: ['checkThenWithdraw'] };
  const lines = positionsByLine(rerank(r));
  const text = hoverMarkdown(lines.get('src/account.ts:19')!.group, r.violations);
  assert.ok(text.includes('**What went wrong:** T2 read `balance` \\(100\\)'), text);
  assert.ok(text.indexOf('What went wrong') < text.indexOf('Confirmed by') && text.indexOf('Confirmed by') < text.indexOf('S_rate'));
  assert.ok(violationDiagnostic(r.violations[0])!.message.startsWith(`${story} — failed assertion:`));
  const sarif = toSarif(r);
  const result = sarif.runs[0].results!.find((x) => x.ruleId === 'conlens/failed-assertion')!;
  assert.ok(result.message.text!.startsWith(story));
});

test('a violation from the systematic search is named by its schedule, not a seed, in the tree, Problems and the hover', () => {
  const r = report();
  const searched = { ...r.violations[0], strategy: 'systematic', seed: 3, search: { schedule: 3, preemptions: 1, bound: 2 } };
  assert.match(violationLabel(searched).description, /^schedule 3 \(1 preemption\) · \d+ steps$/);
  assert.match(violationDiagnostic(searched)!.message, /\(schedule 3 of the ≤ 2-preemption search \(1 preemption\); replay with/);
  assert.doesNotMatch(violationDiagnostic(searched)!.message, /seed/);
  assert.match(violationLabel(r.violations[0]).description, / · seed \d+ · /);
});
