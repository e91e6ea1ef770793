// The pieces of localize one rule at a time: orig() rewriting, eq. (1)-(3), IV-B, eq. (6) with
// called-after facts and cycles, the eight DFS permutations of 004 IV-F, roots, names, unknown
// orders and determinism.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  betweenDepth,
  betweenOrder,
  callOrders,
  invokedMoreThanOnce,
  localize,
  parsePoint,
  reduceInvariants,
  stripOrig,
  suspiciousRate,
} from '../../src/core/localize/index.ts';
import type { FailureInvariant, InvariantPair } from '../../src/core/invariants/invariant-types.ts';
import { fi, graph, run, texts } from './fixtures.ts';

test('stripOrig rewrites orig(v) to v, nested parentheses included, and nothing else', () => {
  assert.equal(stripOrig('this.xx - orig(this.z) - 1 == 0'), 'this.xx - this.z - 1 == 0');
  assert.equal(stripOrig('orig(size(this.a[])) > 0'), 'size(this.a[]) > 0');
  assert.equal(stripOrig('size(orig(this.a[])) == orig(this.n)'), 'size(this.a[]) == this.n');
  assert.equal(stripOrig('myorig(x) == y'), 'myorig(x) == y');
  assert.equal(stripOrig('orig(x'), 'orig(x');
});

test('parsePoint: ENTER, EXIT and EXITnn are a function\'s; other points are not', () => {
  assert.deepEqual(parsePoint('SA.func1:::ENTER'), { fn: 'SA.func1', kind: 'ENTER' });
  assert.deepEqual(parsePoint('src/a.ts#f:::EXIT12'), { fn: 'src/a.ts#f', kind: 'EXIT' });
  assert.deepEqual(parsePoint('SA:::OBJECT'), { fn: 'SA', kind: null });
});

test('eq. (1) pools every call of every run; eq. (2), (3) halve; S_rate', () => {
  // (2 + 4 + 6) / 3 = 4, not the mean of the runs' means (3 and 6 → 4.5).
  const orders = callOrders([run({ f: [2, 4], g: [1] }), run({ f: [6] })]);
  assert.equal(orders.get('f'), 4);
  assert.equal(orders.get('g'), 1);
  assert.deepEqual([...invokedMoreThanOnce([run({ f: [2, 4], g: [1] }), run({ f: [6], g: [3] })])], ['f']);
  assert.equal(betweenOrder(63, 64), 63.5);
  assert.equal(betweenOrder(null, 64), null);
  assert.equal(betweenDepth(3, 4), 3.5);
  assert.equal(suspiciousRate(2, 3), 2 / 3);
  assert.equal(suspiciousRate(0, 0), 0, 'a root: depth 0, order 0');
  assert.equal(suspiciousRate(1, null), 0);
});

test('IV-B: only DJJ, MJ, JM pairs of the kept types at ENTER/EXIT points go on', () => {
  const same: InvariantPair = { ...fi('f:::EXIT', 'this.a == 1', 'this.a == 1'), relationship: 'SJJ' };
  const unjustified: InvariantPair = { ...fi('f:::EXIT', 'this.b == 1', 'this.b == 2'), relationship: 'DUJ' };
  const uninteresting = fi('f:::EXIT', 'this.c >= 100', null, { interesting: false });
  const object = fi('C:::OBJECT', 'this.d == 1', null);
  const kept = fi('f:::EXIT', 'this.e == 1', null);
  const reduced = reduceInvariants([same, unjustified, uninteresting, object, kept], graph(['f'], []));
  const f = reduced.find((r) => r.function === 'f')!;
  assert.deepEqual(texts(f.Ex), ['<this.e == 1, null>']);
  assert.deepEqual(
    f.removed.map((r) => r.detail),
    ['relationship SJJ is not a failure invariant (DJJ, MJ, JM)', 'relationship DUJ is not a failure invariant (DJJ, MJ, JM)', 'type U!Int is filtered out (kept: Bin, Ter, UInt, NInt)'],
  );
  assert.equal(reduced.find((r) => r.function === 'C')!.removed[0].detail, 'C:::OBJECT is not a function\'s ENTER or EXIT point');
});

test('eq. (4)/(5): SUBEXIT points are EXIT points; an exact match is eq4/eq5', () => {
  const f = reduceInvariants([fi('f:::ENTER', null, 'this.a > 0'), fi('f:::EXIT7', null, 'this.a > 0'), fi('f:::EXIT', null, 'this.b > 0')], graph(['f'], []))[0];
  assert.deepEqual([texts(f.En), texts(f.Ex)], [[], ['<null, this.b > 0>']]);
  assert.deepEqual(f.removed.map((r) => [r.invariant.point, r.rule]), [['f:::ENTER', 'eq4'], ['f:::EXIT7', 'eq5']]);
});

test('eq. (6): a called-after fact strips the earlier function; exact texts; cycles do not strip each other', () => {
  const x = (fn: string) => fi(`${fn}:::EXIT`, 'this.x == 1', null);
  const keep = (reduced: ReturnType<typeof reduceInvariants>) => Object.fromEntries(reduced.map((f) => [f.function, f.Ex.length]));
  const g = graph(['r'], ['r -> a', 'r -> b']);
  assert.deepEqual(keep(reduceInvariants([x('a'), x('b')], g)), { a: 1, b: 1 });
  const after = reduceInvariants([x('a'), x('b')], graph(['r'], ['r -> a', 'r -> b'], [['a', 'b']]));
  assert.deepEqual(keep(after), { a: 0, b: 1 });
  assert.match(after[0].removed[0].detail, /^also at the EXIT of b, called \(or always called\) after a: kept there$/);
  // a ↔ b (recursion): neither keeps it for the other; r above the cycle loses it.
  assert.deepEqual(keep(reduceInvariants([x('r'), x('a'), x('b')], graph(['r'], ['r -> a', 'a -> b', 'b -> a']))), { r: 0, a: 1, b: 1 });
  // orig(v) at two functions' exits means v at two different entries: no rewriting across functions.
  const parent = fi('p:::EXIT', null, 'this.a != orig(this.b)');
  const child = fi('c:::EXIT', null, 'this.a != this.b');
  assert.deepEqual(keep(reduceInvariants([parent, child], graph(['p'], ['p -> c']))), { p: 1, c: 1 });
});

/** One failure invariant per flag bit, distinct per function so eq. (6) leaves them alone. */
function flagged(fn: string, EN: 0 | 1, EX: 0 | 1): FailureInvariant[] {
  return [...(EN ? [fi(`${fn}:::ENTER`, `this.${fn}In == 1`, null)] : []), ...(EX ? [fi(`${fn}:::EXIT`, `this.${fn}Out == 1`, null)] : [])];
}

test('IV-F DFS: the eight permutations (0,?) → (?,?) of root r and its callee c (c calls g, flag (0,1))', () => {
  const expected: Record<string, string[]> = {
    '0,0': ['function g case3'], // (0,?) → (0,0): nothing; continue below c
    '0,1': ['function c case3', 'function g case3'], // case 3: record c; continue
    '1,1': ['between r→c case1'], // case 1: record (r, c); stop
    '1,0': ['function c case2 deadlock', 'between r→c case2 deadlock'], // case 2: (r, c) and c; stop
  };
  for (const root of [[0, 0], [0, 1]] as const)
    for (const [c, want] of Object.entries(expected)) {
      const [EN, EX] = c.split(',').map(Number) as [0 | 1, 0 | 1];
      const result = localize({
        failureInvariants: [...flagged('r', ...root), ...flagged('c', EN, EX), ...flagged('g', 0, 1)],
        analysis: graph(['r'], ['r -> c', 'c -> g']),
        callOrders: [run({ r: [1], c: [2], g: [3] })],
      });
      const got = result.positions
        .map((p) => `${p.kind} ${p.kind === 'between' ? `${p.caller}→${p.function}` : p.function} ${p.case}${p.likelyDeadlock ? ' deadlock' : ''}`)
        .sort();
      assert.deepEqual(got, [...want].sort(), `r (${root}) → c (${c})`);
    }
});

test('a root that enters with failure invariants is recorded (S_rate 0, last) and the search stops there', () => {
  const result = localize({
    failureInvariants: [...flagged('r', 1, 1), ...flagged('c', 0, 1)],
    analysis: graph(['r'], ['r -> c']),
    callOrders: [run({ r: [1], c: [2] })],
  });
  assert.deepEqual(
    result.positions.map((p) => [p.function, p.kind, p.case, p.score]),
    [['r', 'function', 'root', 0]],
  );
  assert.match(result.positions[0].reason, /^root r already enters with failure invariants/);
});

test('candidates: (1,1) and more than one call in some run — only then', () => {
  const base = { failureInvariants: [...flagged('c', 1, 1)], analysis: graph(['r'], ['r -> c']) };
  const once = localize({ ...base, callOrders: [run({ r: [1], c: [2] }), run({ r: [1], c: [2] })] });
  assert.deepEqual(once.positions.map((p) => p.kind), ['between']);
  const twice = localize({ ...base, callOrders: [run({ r: [1], c: [2] }), run({ r: [1], c: [2, 5] })] });
  assert.deepEqual(twice.positions.map((p) => [p.kind, p.order]), [['candidate', 3], ['between', 2]]);
});

test('no reason compares a function with itself: its between position and its candidate share one row (issue 31)', () => {
  // The account example's getBalance: (r, c) and candidate c tie on S_rate 1 (1.5 / 1.5, 2 / 2).
  const result = localize({ failureInvariants: [...flagged('c', 1, 1)], analysis: graph(['t'], ['t -> r', 'r -> c']), callOrders: [run({ t: [1], r: [1], c: [2, 2] })] });
  assert.deepEqual(result.positions.map((p) => [p.kind, p.function, p.score]).sort(), [['between', 'c', 1], ['candidate', 'c', 1]]);
  for (const p of result.positions) assert.doesNotMatch(p.reason, /(above|below|tied with) (candidate )?(\(r, )?c\)?\b/, p.reason);
});

test('a StaticAnalysis-shaped graph: ids, display names and Daikon point bases all resolve; file and line reach the report', () => {
  const nodes = [
    { id: 'src/app.ts#App.main', name: 'App.main', file: 'src/app.ts', line: 1 },
    { id: 'src/app.ts#helper', name: 'helper', file: 'src/app.ts', line: 9 },
    { id: 'src/store.ts#Store.save', name: 'Store.save', file: 'src/store.ts', line: 4 },
  ];
  const result = localize({
    failureInvariants: [fi('src/app.ts#helper:::EXIT', null, 'return != null'), fi('Store.save:::EXIT', 'this.n > orig(this.n)', null), fi('Elsewhere.f:::EXIT', 'this.q == 1', null)],
    analysis: {
      nodes,
      edges: [
        { from: 'src/app.ts#App.main', to: 'src/app.ts#helper' },
        { from: 'src/app.ts#App.main', to: 'src/store.ts#Store.save' },
      ],
      roots: ['src/app.ts#App.main'],
      depth: { 'src/app.ts#App.main': 0, 'src/app.ts#helper': 1, 'src/store.ts#Store.save': 1 },
      calledAfter: [],
    },
    callOrders: [run({ 'App.main': [1], helper: [2], 'src/store.ts#Store.save': [4] })],
    confirmed: ['src/store.ts#Store.save'],
  });
  assert.deepEqual(
    result.positions.map((p) => [p.function, p.id, p.file, p.line, p.order, p.rank, p.confirmed]),
    // The confirmed position first although its S_rate (0.25) is below helper's (0.5): rank.ts.
    [
      ['Store.save', 'src/store.ts#Store.save', 'src/store.ts', 4, 4, 1, true],
      ['helper', 'src/app.ts#helper', 'src/app.ts', 9, 2, 2, false],
    ],
  );
  assert.match(result.positions[0].reason, /ranked with the confirmed positions, above every unconfirmed one whatever its S_rate/);
  assert.deepEqual(result.unreached, ['Elsewhere.f']);
  assert.deepEqual(result.flags.map((f) => [f.function, f.id ?? null]), [['helper', 'src/app.ts#helper'], ['Store.save', 'src/store.ts#Store.save'], ['Elsewhere.f', null]]);
});

test('no call order recorded: order null, S_rate 0, said in the reason; depth from BFS when the graph has none', () => {
  const result = localize({ failureInvariants: [...flagged('a', 0, 1), ...flagged('b', 0, 1)], analysis: graph(['r'], ['r -> a', 'a -> b']), callOrders: [run({ a: [4] })] });
  assert.deepEqual(result.positions.map((p) => [p.function, p.depth, p.order, p.score, p.rank]), [['a', 1, 4, 0.25, 1], ['b', 2, null, 0, 2]]);
  assert.match(result.positions[1].reason, /no call of it was recorded in the integration runs: order unknown, S_rate 0$/);
  assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
});

test('the result does not depend on the order of the inputs', () => {
  const invariants = [...flagged('a', 0, 1), ...flagged('b', 0, 1), ...flagged('c', 1, 1), ...flagged('d', 0, 1)];
  const arrows = ['r -> a', 'r -> b', 'a -> c', 'b -> c', 'a -> d', 'b -> d'];
  const orders = [run({ a: [2], b: [2], c: [4, 6], d: [4] })];
  const one = localize({ failureInvariants: invariants, analysis: graph(['r'], arrows), callOrders: orders });
  const two = localize({ failureInvariants: [...invariants].reverse(), analysis: graph(['r'], [...arrows].reverse()), callOrders: orders });
  assert.deepEqual(two.positions, one.positions);
  // d is reached from a and from b; its reason names the first by name at the shallowest depth.
  assert.match(one.positions.find((p) => p.function === 'd')!.reason, /under a:/);
});

test('harness rules: a constructor\'s failure invariants go (rule constructor); parameter-only ENTER ones of an entry point go (rule input), its fields stay', () => {
  const analysis = {
    nodes: [{ id: 'T', name: '(test)' }, { id: 'B.constructor', kind: 'constructor' }, 'B.run', 'B.deep'],
    edges: [
      { from: 'T', to: 'B.constructor' },
      { from: 'T', to: 'B.run' },
      { from: 'B.run', to: 'B.deep' },
    ],
    roots: ['T'],
  };
  const invariants = [
    fi('B.constructor:::ENTER', 'n one of { 1, 2 }', 'n one of { 3, 4 }', { vars: ['n'] }),
    fi('B.constructor:::EXIT', 'this.n one of { 1, 2 }', 'this.n one of { 3, 4 }'),
    fi('B.run:::ENTER', 'k >= 0', null, { vars: ['k'] }),
    fi('B.run:::ENTER', 'this.n >= 1', null),
    fi('B.deep:::ENTER', 'k >= 0', null, { vars: ['k'] }),
  ];
  const reduced = reduceInvariants(invariants, analysis, { entryPoints: ['B.run'] });
  const of = (fn: string) => reduced.find((r) => r.function === fn)!;
  assert.deepEqual([of('B.constructor').En.length, of('B.constructor').Ex.length], [0, 0]);
  assert.deepEqual(of('B.constructor').removed.map((r) => r.rule), ['constructor', 'constructor']);
  assert.deepEqual(texts(of('B.run').En), ['<this.n >= 1, null>']);
  assert.deepEqual(of('B.run').removed.map((r) => [r.rule, r.invariant.reference?.text]), [['input', 'k >= 0']]);
  // Deeper functions get their arguments from the program, not from the test: kept.
  assert.deepEqual(texts(of('B.deep').En), ['<k >= 0, null>']);
  // keepConstructors turns the constructor rule off; by name when the graph gives no kind.
  assert.equal(reduceInvariants(invariants, analysis, { keepConstructors: true }).find((r) => r.function === 'B.constructor')!.En.length, 1);
  const byName = reduceInvariants([fi('A.constructor:::EXIT', 'this.x == 1', null)], { nodes: ['A.constructor'], edges: [], roots: ['A.constructor'] });
  assert.equal(byName[0].Ex.length, 0);
});

test('a function a real violation interrupted becomes a `violation` position; confirmed positions rank first unless confirmedFirst is off', () => {
  const analysis = { nodes: ['r', 'a', 'w'], edges: [{ from: 'r', to: 'a' }, { from: 'r', to: 'w' }], roots: ['r'] };
  const input = {
    failureInvariants: [fi('a:::EXIT', 'return == 1', null)],
    analysis,
    callOrders: [run({ r: [0], a: [1], w: [4] })],
    confirmed: ['w'],
    interrupted: ['w'],
  };
  const result = localize(input);
  assert.deepEqual(result.positions.map((p) => [p.function, p.kind, p.case, p.rank, p.score, p.confirmed]), [
    ['w', 'violation', 'violation', 1, 0.25, true],
    ['a', 'function', 'case3', 2, 1, false],
  ]);
  assert.match(result.positions[0].reason, /a real violation interrupted w in the middle of an update/);
  const paperOrder = localize({ ...input, options: { confirmedFirst: false } });
  assert.deepEqual(paperOrder.positions.map((p) => [p.function, p.rank]), [['a', 1], ['w', 2]]);
});

test('functions waiting in a real deadlock become `violation` positions when the deadlocked runs left them no failure invariant', () => {
  const analysis = { nodes: ['run', 'pickup', 'eat'], edges: [{ from: 'run', to: 'pickup' }, { from: 'run', to: 'eat' }], roots: ['run'] };
  const result = localize({
    failureInvariants: [],
    analysis,
    callOrders: [run({ run: [0, 0], pickup: [1, 1] })],
    confirmed: ['run', 'pickup'],
    deadlocked: ['run', 'pickup'],
  });
  assert.deepEqual(result.positions.map((p) => [p.function, p.kind, p.rank, p.score, p.confirmed]), [
    ['pickup', 'violation', 1, 1, true],
    ['run', 'violation', 2, 0, true],
  ]);
  assert.match(result.positions[0].reason, /pickup waited for a lock in a real deadlock's wait-for cycle/);
});

test('a function confirmed only as the caller of a confirmed function ranks below it, whatever its S_rate (log4j: append calls subAppend)', () => {
  const analysis = { nodes: ['r', 'append', 'check', 'subAppend'], edges: [{ from: 'r', to: 'append' }, { from: 'append', to: 'check' }, { from: 'append', to: 'subAppend' }], roots: ['r'] };
  const input = {
    failureInvariants: [fi('append:::ENTER', 'x == 1', null), fi('append:::EXIT', 'y == 1', null), fi('subAppend:::ENTER', 'x == 1', null), fi('subAppend:::EXIT', 'z == 1', null)],
    analysis,
    callOrders: [run({ r: [0], append: [1, 1], check: [2, 2], subAppend: [3, 3] })],
    confirmed: ['append', 'subAppend'],
    confirmedAsCaller: ['append'],
  };
  const result = localize(input);
  assert.deepEqual(result.positions.map((p) => [p.kind, p.caller ?? null, p.function, p.rank, p.score.toFixed(3), p.confirmed, p.confirmedAsCaller ?? false]), [
    ['candidate', null, 'subAppend', 1, '0.667', true, false],
    ['candidate', null, 'append', 2, '1.000', true, true],
    ['between', 'r', 'append', 3, '1.000', true, true],
  ]);
  assert.match(result.positions[1].reason, /confirmed only as the caller of a function the violation names: last among the confirmed positions/);
  // Named by the violation itself, append is back to S_rate order.
  assert.deepEqual(localize({ ...input, confirmedAsCaller: [] }).positions.map((p) => p.function), ['append', 'append', 'subAppend']);
});
