// 004 §V on localize: log4j2 (Tables VII-IX), log4j1 (Table X), account (Table XIV), and the ties of
// Tables XI-XIII broken by the documented rules.
//
// The text copy lost Figs. 9-15 (the call graphs). Each graph below is rebuilt from the prose, the
// tables' depths and, for log4j, the log4j 1.x sources the SIR subjects come from; where a
// function or an order is not in the paper, the comment says so. Failure invariants the paper does
// not print (log4j1, account, the ties) are synthetic: one per function, chosen only to give the
// failure flags the paper's records imply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localize, reduceInvariants } from '../../src/core/localize/index.ts';
import type { ClassAccessMap } from '../../src/core/static/static-types.ts';
import { fi, graph, run, texts } from './fixtures.ts';

const summary = (positions: ReturnType<typeof localize>['positions'], digits: number) =>
  positions.map((p) => [p.kind === 'between' ? `(${p.caller}, ${p.function})` : p.function, p.order, p.depth, p.score.toFixed(digits), p.rank]);

// ---------------------------------------------------------------------------------------------
// §V-A log4j2, atomicity violation.
// Table VII, three points, nine failure invariants (all JM: reference only).
const TABLE_VII = [
  fi('AppenderSkeleton.doAppend:::EXIT', 'this.closed == orig(this.closed)', null),
  fi('AppenderSkeleton.doAppend:::EXIT', 'this.qw == orig(this.qw)', null),
  fi('AppenderSkeleton.doAppend:::EXIT', 'this.tp == orig(this.tp)', null),
  fi('FileAppender.append:::EXIT', 'this.qw != null', null),
  fi('FileAppender.append:::EXIT', 'this.tp != null', null),
  fi('FileAppender.subAppend:::EXIT', 'this.qw == orig(this.qw)', null),
  fi('FileAppender.subAppend:::EXIT', 'this.tp == orig(this.tp)', null),
  fi('FileAppender.subAppend:::EXIT', 'this.qw != null', null),
  fi('FileAppender.subAppend:::EXIT', 'this.tp != null', null),
];
// Fig. 9/10 rebuilt: doAppend → append → subAppend is the path the prose walks ("(0,1) → (0,0) →
// (0,1)" from doAppend to subappend); depths 2 and 4 (Table IX) put doAppend two calls below the
// root. The unit test's driver and its test method are our names; close() is the other call the
// unit test makes. Orders: doAppend 28 and subAppend 33 are Table IX's; append 30 is ours.
const FIG_10 = graph(
  ['Log4j2Test.main'],
  [
    'Log4j2Test.main -> Log4j2Test.testFileAppender',
    'Log4j2Test.testFileAppender -> AppenderSkeleton.doAppend',
    'Log4j2Test.testFileAppender -> FileAppender.close',
    'AppenderSkeleton.doAppend -> FileAppender.append',
    'FileAppender.append -> FileAppender.subAppend',
  ],
);
const LOG4J2_ORDERS = [
  run({ 'Log4j2Test.main': [1], 'Log4j2Test.testFileAppender': [2], 'AppenderSkeleton.doAppend': [28], 'FileAppender.append': [30], 'FileAppender.subAppend': [33], 'FileAppender.close': [40] }),
];

test('log4j2, Table VII → Table VIII: eq. (6) removes append::EXIT (its failure invariants are at subAppend::EXIT); five are left', () => {
  const reduced = reduceInvariants(TABLE_VII, FIG_10);
  const left = Object.fromEntries(reduced.map((f) => [f.function, texts(f.Ex)]));
  // Table VIII's text copy splits the five rows 2 + 3; the only split any rule can give is 1 + 4:
  // doAppend's two orig() pairs are subAppend's too (doAppend → append → subAppend, eq. (6) taken
  // transitively), and subAppend is the latest called, so it keeps all four.
  assert.deepEqual(left, {
    'AppenderSkeleton.doAppend': ['<this.closed == orig(this.closed), null>'],
    'FileAppender.append': [],
    'FileAppender.subAppend': ['<this.qw == orig(this.qw), null>', '<this.tp == orig(this.tp), null>', '<this.qw != null, null>', '<this.tp != null, null>'],
  });
  assert.equal(Object.values(left).flat().length, 5);
  const append = reduced.find((f) => f.function === 'FileAppender.append')!;
  assert.deepEqual(append.removed.map((r) => r.rule), ['eq6', 'eq6']);
  assert.match(append.removed[0].detail, /FileAppender\.subAppend/);
});

test('log4j2, Table IX: subAppend order 33 depth 4 → 0.121 rank 1; doAppend order 28 depth 2 → 0.071 rank 2', () => {
  const result = localize({ failureInvariants: TABLE_VII, analysis: FIG_10, callOrders: LOG4J2_ORDERS });
  assert.deepEqual(summary(result.positions, 3), [
    ['FileAppender.subAppend', 33, 4, '0.121', 1],
    ['AppenderSkeleton.doAppend', 28, 2, '0.071', 2],
  ]);
  // FCG(b): (0,1) → (0,0) → (0,1) from doAppend to subAppend.
  assert.deepEqual(
    result.flags.map((f) => [f.function, f.EN, f.EX]),
    [
      ['AppenderSkeleton.doAppend', 0, 1],
      ['FileAppender.append', 0, 0],
      ['FileAppender.subAppend', 0, 1],
    ],
  );
});

test('IV-B types: the unary `this.qw != null` is interesting (UInt) and kept; the literal {Bin, Ter, U!Int, N!Int} would lose it', () => {
  assert.equal(TABLE_VII[3].type, 'UInt');
  const literal = reduceInvariants(TABLE_VII, FIG_10, { types: ['Bin', 'Ter', 'U!Int', 'N!Int'] });
  const subAppend = literal.find((f) => f.function === 'FileAppender.subAppend')!;
  assert.deepEqual(texts(subAppend.Ex), ['<this.qw == orig(this.qw), null>', '<this.tp == orig(this.tp), null>']);
  assert.deepEqual(
    subAppend.removed.map((r) => [r.rule, r.detail]),
    [
      ['IV-B', 'type UInt is filtered out (kept: Bin, Ter, U!Int, N!Int)'],
      ['IV-B', 'type UInt is filtered out (kept: Bin, Ter, U!Int, N!Int)'],
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// §V-B log4j1, deadlock. Fig. 11 rebuilt from log4j 1.1's sources with Table X's depths:
// Category.shutdown() → Hierarchy.shutdown() → { Category.closeNestedAppenders(),
// Hierarchy.getCurrentCategories(), Category.removeAllAppenders() }; closeNestedAppenders() →
// { Category.getAllAppenders(), Appender.close() replaced by AsyncAppender.close() (IV-C, as the
// paper says) }; getAllAppenders() → NullEnumeration.getInstance(); removeAllAppenders() →
// AppenderAttachableImpl.removeAllAppenders(); AsyncAppender.close() → Dispatcher.close() (the
// real bug, "very close to AsyncAppender.close"). Hierarchy.shutdown (depth 2) and
// Dispatcher.close are in no position: flag (0,0). AppenderAttachableImpl.removeAllAppenders
// enters with failure invariants (the `between` row): flag (1,1), one call. Orders are Table X's
// means, spread over two runs so that eq. (1) has something to average; 39, 64 and 66 are ours
// (64 from row 5's 63.5 = (63 + 64)/2).
const LOG4J1 = graph(
  ['Log4j1Test.main'],
  [
    'Log4j1Test.main -> Category.shutdown',
    'Category.shutdown -> Hierarchy.shutdown',
    'Hierarchy.shutdown -> Category.closeNestedAppenders',
    'Hierarchy.shutdown -> Hierarchy.getCurrentCategories',
    'Hierarchy.shutdown -> Category.removeAllAppenders',
    'Category.closeNestedAppenders -> Category.getAllAppenders',
    'Category.closeNestedAppenders -> AsyncAppender.close',
    'Category.getAllAppenders -> helpers.NullEnumeration.getInstance',
    'Category.removeAllAppenders -> helpers.AppenderAttachableImpl.removeAllAppenders',
    'AsyncAppender.close -> Dispatcher.close',
  ],
);
const exitOnly = ['Category.shutdown', 'Category.closeNestedAppenders', 'Category.getAllAppenders', 'AsyncAppender.close', 'helpers.NullEnumeration.getInstance', 'Hierarchy.getCurrentCategories', 'Category.removeAllAppenders'];
const LOG4J1_INVARIANTS = [
  ...exitOnly.map((fn, i) => fi(`${fn}:::EXIT`, `this.v${i} != null`, null)),
  fi('helpers.AppenderAttachableImpl.removeAllAppenders:::ENTER', 'this.appenderList != null', null),
  fi('helpers.AppenderAttachableImpl.removeAllAppenders:::EXIT', null, 'this.appenderList == null'),
];
const LOG4J1_ORDERS = [
  run({ 'Category.shutdown': [38], 'Hierarchy.shutdown': [39], 'Category.closeNestedAppenders': [40, 43], 'Category.getAllAppenders': [41, 44], 'AsyncAppender.close': [48], 'Hierarchy.getCurrentCategories': [59], 'helpers.NullEnumeration.getInstance': [60], 'Category.removeAllAppenders': [63], 'helpers.AppenderAttachableImpl.removeAllAppenders': [64], 'Dispatcher.close': [66] }),
  run({ 'Category.shutdown': [38], 'Hierarchy.shutdown': [39], 'Category.closeNestedAppenders': [41, 44], 'Category.getAllAppenders': [47], 'AsyncAppender.close': [48], 'Hierarchy.getCurrentCategories': [61], 'helpers.NullEnumeration.getInstance': [62], 'Category.removeAllAppenders': [63], 'helpers.AppenderAttachableImpl.removeAllAppenders': [64], 'Dispatcher.close': [66] }),
];

test("log4j1, Table X: the eight positions and rates 0.091 … 0.026, in the paper's order", () => {
  const result = localize({ failureInvariants: LOG4J1_INVARIANTS, analysis: LOG4J1, callOrders: LOG4J1_ORDERS });
  assert.deepEqual(summary(result.positions, 3), [
    ['Category.getAllAppenders', 44, 4, '0.091', 1],
    ['AsyncAppender.close', 48, 4, '0.083', 2],
    ['helpers.NullEnumeration.getInstance', 61, 5, '0.082', 3],
    ['Category.closeNestedAppenders', 42, 3, '0.071', 4],
    ['(Category.removeAllAppenders, helpers.AppenderAttachableImpl.removeAllAppenders)', 63.5, 3.5, '0.055', 5],
    ['Hierarchy.getCurrentCategories', 60, 3, '0.050', 6],
    ['Category.removeAllAppenders', 63, 3, '0.048', 7],
    ['Category.shutdown', 38, 1, '0.026', 8],
  ]);
  const between = result.positions[4];
  assert.equal(between.case, 'case1');
  assert.match(between.reason, /^case 1, \(0,1\) → \(1,1\): failure invariants appear between Category\.removeAllAppenders::ENTER and helpers\.AppenderAttachableImpl\.removeAllAppenders::ENTER; S_rate = depth 3\.5 \/ order 63\.5 = 0\.055$/);
  assert.deepEqual(between.failureInvariants.map((i) => i.point), ['helpers.AppenderAttachableImpl.removeAllAppenders:::ENTER']);
});

// ---------------------------------------------------------------------------------------------
// §V-F account, deadlock. Fig. 15 (what each account does) rebuilt: each account's run() deposits,
// withdraws and transfers; depth 2 for transfer ("the depth when it is first visited").
const ACCOUNT = graph(['AccountTest.main'], ['AccountTest.main -> Account.run', 'Account.run -> Account.deposite', 'Account.run -> Account.withdraw', 'Account.run -> Account.transfer']);
const ACCOUNT_INVARIANTS = [fi('Account.transfer:::EXIT', 'this.balance < orig(this.balance)', null)];

test('account, Table XIV: transfer order = mean of 2, 4, 6 = 4, depth 2 → 0.50, the only position', () => {
  for (const callOrders of [
    [run({ 'Account.run': [1], 'Account.transfer': [2, 4, 6] })], // three calls in one run
    [run({ 'Account.transfer': [2] }), run({ 'Account.transfer': [4] }), run({ 'Account.transfer': [6] })], // one in each of three
  ]) {
    const result = localize({ failureInvariants: ACCOUNT_INVARIANTS, analysis: ACCOUNT, callOrders });
    assert.deepEqual(summary(result.positions, 2), [['Account.transfer', 4, 2, '0.50', 1]]);
  }
});

// ---------------------------------------------------------------------------------------------
// Ties. §V-E reorder (Table XIII): set() and check() both at order 3, depth 3, S_rate 1.00; the
// paper ranks both 1 and then argues set() is the more skeptical, check() being "just an observed
// method". Fig. 14 rebuilt: main → the test → one thread's run() → set() / check().
const REORDER = graph(
  ['ReorderTest.main'],
  ['ReorderTest.main -> ReorderTest.runThreads', 'ReorderTest.runThreads -> SetThread.run', 'ReorderTest.runThreads -> CheckThread.run', 'SetThread.run -> SetCheck.set', 'CheckThread.run -> SetCheck.check'],
);
const REORDER_ORDERS = [run({ 'SetCheck.set': [3], 'SetCheck.check': [3] })];
const SET_CHECK: ClassAccessMap = {
  name: 'SetCheck',
  file: 'src/set-check.ts',
  line: 1,
  vars: ['a', 'b'],
  methods: ['set', 'check'],
  reads: { a: ['check'], b: ['check'] },
  writes: { a: ['set'], b: ['set'] },
  synchronized: [],
  nonAtomic: ['set', 'check'],
  awaits: {},
};
const REORDER_INVARIANTS = [fi('SetCheck.set:::EXIT', 'this.a - this.b - 2 == 0', null), fi('SetCheck.check:::EXIT', 'return == true', null)];

test('reorder, Table XIII: the 1.00 tie goes to the writer set() — from the static access map', () => {
  const result = localize({ failureInvariants: REORDER_INVARIANTS, analysis: { ...REORDER, classes: [SET_CHECK] }, callOrders: REORDER_ORDERS });
  assert.deepEqual(summary(result.positions, 2), [
    ['SetCheck.set', 3, 3, '1.00', 1],
    ['SetCheck.check', 3, 3, '1.00', 2],
  ]);
  const [set, check] = result.positions;
  assert.deepEqual(set.writer, { writes: true, vars: ['a', 'b'], source: 'access-map' });
  assert.deepEqual(check.writer, { writes: false, vars: [], source: 'access-map' });
  assert.match(set.reason, /; above SetCheck\.check on equal S_rate: this one writes a, b \(static access map\), the other is a pure observer \(004 §V-E\)$/);
  assert.match(check.reason, /; below SetCheck\.set on equal S_rate: SetCheck\.set writes a, b/);
});

test('reorder: without access maps, v next to orig(v) in set()\'s EXIT failure invariants makes it the writer', () => {
  const invariants = [fi('SetCheck.set:::EXIT', 'this.b < orig(this.b)', null), fi('SetCheck.check:::EXIT', 'return == true', null)];
  const result = localize({ failureInvariants: invariants, analysis: REORDER, callOrders: REORDER_ORDERS });
  assert.deepEqual(summary(result.positions, 2), [
    ['SetCheck.set', 3, 3, '1.00', 1],
    ['SetCheck.check', 3, 3, '1.00', 2],
  ]);
  assert.deepEqual(result.positions[0].writer, { writes: true, vars: ['this.b'], source: 'invariants' });
  // An explicit `writes` input wins over both.
  const given = localize({ failureInvariants: invariants, analysis: { ...REORDER, classes: [SET_CHECK] }, callOrders: REORDER_ORDERS, writes: { 'SetCheck.check': ['a'], 'SetCheck.set': [] } });
  assert.deepEqual(summary(given.positions, 2).map((r) => [r[0], r[4]]), [['SetCheck.check', 1], ['SetCheck.set', 2]]);
});

test('reorder: no member write seen, what a failing run wrote makes the writer (state reached through a local)', () => {
  // Both pure observers by their access maps (the state is a repository's object, not a member);
  // the violating schedule shows set() writing it and check() only resuming.
  const noMembers = { ...SET_CHECK, reads: {}, writes: {} };
  const result = localize({ failureInvariants: REORDER_INVARIANTS, analysis: { ...REORDER, classes: [noMembers] }, callOrders: REORDER_ORDERS, scheduleWrites: { 'SetCheck.set': ['the elements of cart.items'] } });
  assert.deepEqual(summary(result.positions, 2).map((r) => [r[0], r[4]]), [['SetCheck.set', 1], ['SetCheck.check', 2]]);
  assert.deepEqual(result.positions[0].writer, { writes: true, vars: ['the elements of cart.items'], source: 'schedule' });
  assert.match(result.positions[0].reason, /this one writes the elements of cart\.items \(in a failing run\), the other is a pure observer/);
  // A member write the access map knows is named first; a function that wrote in a failing run
  // is a writer too (then neither is a pure observer, and the rule does not separate them).
  const member = localize({ failureInvariants: REORDER_INVARIANTS, analysis: { ...REORDER, classes: [SET_CHECK] }, callOrders: REORDER_ORDERS, scheduleWrites: { 'SetCheck.set': ['x'], 'SetCheck.check': ['y'] } });
  const writers = Object.fromEntries(member.positions.map((p) => [p.function, p.writer]));
  assert.deepEqual(writers['SetCheck.set'], { writes: true, vars: ['a', 'b'], source: 'access-map' });
  assert.deepEqual(writers['SetCheck.check'], { writes: true, vars: ['y'], source: 'schedule' });
});

test('reorder: with nothing to tell set() and check() apart, they share rank 1 (listed by name) and say so', () => {
  const result = localize({ failureInvariants: REORDER_INVARIANTS, analysis: REORDER, callOrders: REORDER_ORDERS });
  assert.deepEqual(summary(result.positions, 2).map((r) => [r[0], r[4]]), [['SetCheck.check', 1], ['SetCheck.set', 1]]);
  assert.match(result.positions[0].reason, /; tied with SetCheck\.set: no rule separates them$/);
});

// §V-D producer-consumer (Table XII): push and pop at order 2, depth 2, 1.00, both rank 1; both
// write the stack's index, so only a confirmed violation can separate them.
const PC = graph(['PCTest.main'], ['PCTest.main -> Producer.run', 'PCTest.main -> Consumer.run', 'Producer.run -> SyncStack.push', 'Consumer.run -> SyncStack.pop']);
const PC_INVARIANTS = [fi('SyncStack.push:::EXIT', 'this.index <= orig(this.index) + 1', null), fi('SyncStack.pop:::EXIT', 'this.index >= 0', null)];
const SYNC_STACK: ClassAccessMap = { ...SET_CHECK, name: 'SyncStack', vars: ['index', 'data'], methods: ['push', 'pop'], reads: { index: ['push', 'pop'], data: ['pop'] }, writes: { index: ['push', 'pop'], data: ['push'] }, synchronized: ['push', 'pop'], nonAtomic: [] };
const PC_ORDERS = [run({ 'SyncStack.push': [2], 'SyncStack.pop': [2] })];

test('producer-consumer, Table XII: push and pop tie at 1.00 (rank 1, 1); a violation confirming push() ranks it first', () => {
  const tied = localize({ failureInvariants: PC_INVARIANTS, analysis: { ...PC, classes: [SYNC_STACK] }, callOrders: PC_ORDERS });
  assert.deepEqual(summary(tied.positions, 2), [
    ['SyncStack.pop', 2, 2, '1.00', 1],
    ['SyncStack.push', 2, 2, '1.00', 1],
  ]);
  const confirmed = localize({ failureInvariants: PC_INVARIANTS, analysis: { ...PC, classes: [SYNC_STACK] }, callOrders: PC_ORDERS, confirmed: ['SyncStack.push'] });
  assert.deepEqual(summary(confirmed.positions, 2), [
    ['SyncStack.push', 2, 2, '1.00', 1],
    ['SyncStack.pop', 2, 2, '1.00', 2],
  ]);
  assert.equal(confirmed.positions[0].confirmed, true);
  assert.match(confirmed.positions[0].reason, /above SyncStack\.pop on equal S_rate: this one is confirmed by a real violation, the other is not$/);
});

// §V-C dining philosophers (Table XI), where the paper's own numbers disagree with its formula:
// the `between` row prints order 2, position 0.50 and S_rate 0.04, but 0.50 / 2 = 0.25. Fig. 12
// rebuilt: Philosopher.run → Chopstick.pickup / Chopstick.pickedown. pickup enters with failure
// invariants and has none at its exit (case 2, the deadlock); pickedown is (1,1) and runs twice per
// philosopher (a candidate, as the paper says, and the f_i of a case 1 `between`). Philosopher.run's
// order 3 is ours, chosen to give the printed order 2 for (run, pickedown).
test('dining philosophers, Table XI: pickup (case 2) and the candidate pickedown at 1.00 — the DFS record ranks first', () => {
  const result = localize({
    failureInvariants: [
      fi('Chopstick.pickup:::ENTER', 'this.taken == false', null),
      fi('Chopstick.pickedown:::ENTER', 'this.taken == true', null),
      fi('Chopstick.pickedown:::EXIT', 'this.taken == false', null),
    ],
    analysis: graph(['Philosopher.run'], ['Philosopher.run -> Chopstick.pickup', 'Philosopher.run -> Chopstick.pickedown']),
    callOrders: [run({ 'Philosopher.run': [3], 'Chopstick.pickup': [1], 'Chopstick.pickedown': [1, 1] })],
  });
  assert.deepEqual(
    result.positions.map((p) => [p.kind, p.caller ?? null, p.function, p.case, p.order, p.depth, p.score.toFixed(2), p.rank]),
    [
      ['function', null, 'Chopstick.pickup', 'case2', 1, 1, '1.00', 1],
      ['candidate', null, 'Chopstick.pickedown', 'candidate', 1, 1, '1.00', 2],
      ['between', 'Philosopher.run', 'Chopstick.pickedown', 'case1', 2, 0.5, '0.25', 3],
      ['between', 'Philosopher.run', 'Chopstick.pickup', 'case2', 2, 0.5, '0.25', 3],
    ],
  );
  assert.equal(result.positions[0].likelyDeadlock, true);
  assert.match(result.positions[1].reason, /^candidate: flag \(1,1\) and invoked 2 times in one integration run;/);
  assert.match(result.positions[1].reason, /below Chopstick\.pickup on equal S_rate: Chopstick\.pickup was found by the DFS, the other is only a candidate/);
});
