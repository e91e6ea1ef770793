// Daikon-style invariant diff and 004 IV-B failure invariants, on hand-built InvariantSets: every
// relationship code and type, the pairing rule, and 004's running example (Tables I and II).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  diffInvariants,
  diffTypeOf,
  failureInvariants,
  formatConfidence,
  formatFailureInvariants,
  formatPair,
  isSameInvariant,
  relationshipOf,
  RELATIONSHIPS,
} from '../../src/core/invariants/diff.ts';
import { asInvariantSet, invariantSetProblems, InvariantSetError } from '../../src/core/invariants/invariant-json.ts';
import type { Invariant, InvariantArity, InvariantSet, ProgramPointInvariants } from '../../src/core/invariants/invariant-types.ts';

const ARITY: Record<number, InvariantArity> = { 0: 'nullary', 1: 'unary', 2: 'binary', 3: 'ternary' };

/** An invariant; `point` is filled in by `set`. */
function inv(kind: string, vars: string[], text: string, params: Invariant['params'] = [], extra: Partial<Invariant> = {}): Invariant {
  return { point: '', vars, kind, text, params, samples: 20, confidence: 0.9999, justified: true, arity: ARITY[vars.length], interesting: true, ...extra };
}
const unjust = (i: Invariant): Invariant => ({ ...i, justified: false, confidence: 0.5 });

function set(points: Record<string, Invariant[]>, runs = ['runs/x']): InvariantSet {
  return {
    version: 1,
    runs,
    confidence: 0.99,
    points: Object.entries(points).map(([point, invariants]): ProgramPointInvariants => {
      const [fn, kind] = point.split(':::');
      return {
        point,
        function: fn,
        file: 'src/sa.ts',
        kind: kind === 'ENTER' ? 'ENTER' : kind === 'EXIT' ? 'EXIT' : 'SUBEXIT',
        samples: 20,
        vars: [...new Set(invariants.flatMap((i) => i.vars))],
        invariants: invariants.map((i) => ({ ...i, point })),
      };
    }),
  };
}

/** A pair as `<ref text, online text> (type, code)` for compact expectations. */
const show = (p: { reference: Invariant | null; online: Invariant | null; type: string; relationship: string; point: string }) =>
  `${p.point} <${p.reference?.text ?? '-'}, ${p.online?.text ?? '-'}> (${p.type}, ${p.relationship})`;

// Templates used below (Daikon's class names).
const lb = (y: string, x: string, a: number, b: number) => inv('LinearBinary', [y, x], `${y} - ${a === 1 ? '' : `${a} * `}${x} ${b < 0 ? '+' : '-'} ${Math.abs(b)} == 0`, [a, b]);
const neq = (x: string, y: string) => inv('IntNonEqual', [x, y], `${x} != ${y}`);
const eq = (x: string, y: string) => inv('IntEqual', [x, y], `${x} == ${y}`);
const le = (x: string, y: string) => inv('IntLessEqual', [x, y], `${x} <= ${y}`);
const gt = (x: string, y: string) => inv('IntGreaterThan', [x, y], `${x} > ${y}`);
const lower = (x: string, b: number) => inv('LowerBound', [x], `${x} >= ${b}`, [b]);
const oneOf = (x: string, values: number[], interesting = true) =>
  inv('OneOfScalar', [x], values.length === 1 ? `${x} == ${values[0]}` : `${x} one of { ${values.join(', ')} }`, values, { interesting });

test('relationship codes: Same / Different / Missing × Justified / Unjustified, reference first', () => {
  const a = lower('this.balance', 0);
  const b = lower('this.balance', 10);
  assert.equal(relationshipOf(a, a), 'SJJ');
  assert.equal(relationshipOf(a, unjust(a)), 'SJU');
  assert.equal(relationshipOf(unjust(a), a), 'SUJ');
  assert.equal(relationshipOf(unjust(a), unjust(a)), 'SUU');
  assert.equal(relationshipOf(a, b), 'DJJ');
  assert.equal(relationshipOf(a, unjust(b)), 'DJU');
  assert.equal(relationshipOf(unjust(a), b), 'DUJ');
  assert.equal(relationshipOf(unjust(a), unjust(b)), 'DUU');
  assert.equal(relationshipOf(a, null), 'JM');
  assert.equal(relationshipOf(unjust(a), null), 'UM');
  assert.equal(relationshipOf(null, a), 'MJ');
  assert.equal(relationshipOf(null, unjust(a)), 'MU');
  assert.throws(() => relationshipOf(null, null));
});

test('same means the same formula: kind and params; confidence and samples do not count', () => {
  assert.ok(isSameInvariant(lb('this.xx', 'this.z', 1, -1), { ...lb('this.xx', 'this.z', 1, -1), confidence: 0.7, samples: 3 }));
  assert.ok(!isSameInvariant(lb('this.xx', 'this.z', 1, -1), lb('this.xx', 'this.z', 2, -1)));
  assert.ok(!isSameInvariant(oneOf('x', [1, 2]), oneOf('x', [1, 3])));
  assert.ok(!isSameInvariant(oneOf('x', [1, 2]), oneOf('x', [1, 2, 3])));
  assert.ok(!isSameInvariant(eq('a', 'b'), eq('a', 'c')));
  assert.ok(!isSameInvariant(eq('a', 'b'), neq('a', 'b')));
  assert.ok(isSameInvariant(eq('a', 'b'), eq('a', 'b')));
  // a template without params is compared by its text
  assert.ok(!isSameInvariant(inv('Custom', ['a'], 'a is odd'), inv('Custom', ['a'], 'a is even')));
});

test('type column: NInt, N!Int, UInt, U!Int, Bin, Ter, from the reference side when there is one', () => {
  const nullaryInt = inv('Nullary', [], 'true', ['t'], { interesting: true });
  const nullaryNot = inv('Nullary', [], 'true', ['t'], { interesting: false });
  assert.equal(diffTypeOf(nullaryInt, null), 'NInt');
  assert.equal(diffTypeOf(null, nullaryNot), 'N!Int');
  assert.equal(diffTypeOf(oneOf('x', [1]), null), 'UInt');
  assert.equal(diffTypeOf(oneOf('x', [1], false), null), 'U!Int');
  assert.equal(diffTypeOf(oneOf('x', [1], false), oneOf('x', [2], true)), 'U!Int');
  assert.equal(diffTypeOf(null, eq('a', 'b')), 'Bin');
  assert.equal(diffTypeOf(inv('LinearTernary', ['x', 'y', 'z'], 'x + y - z == 0', [1, 1, -1, 0]), null), 'Ter');
});

test('diff pairs by point and slot (template + variables); every code and type shows up', () => {
  const ter = (c: number) => inv('LinearTernary', ['x', 'y', 'z'], `x + y - ${c} * z == 0`, [1, 1, -c, 0]);
  const nul = (t: string, interesting: boolean) => inv('Nullary', [], t, [t], { interesting });
  const reference = set({
    'A.f:::ENTER': [
      lower('x', 0), //                             SJJ  UInt
      unjust(lower('y', 0)), //                     SUJ  UInt
      oneOf('s', [1, 2], false), //                 SJU  U!Int
      unjust(eq('x', 'y')), //                      SUU  Bin
      lb('x', 'y', 1, -1), //                       DJJ  Bin
      ter(2), //                                    DJU  Ter
      unjust(oneOf('t', [3])), //                   DUJ  UInt
      unjust(nul('a', false)), //                   DUU  N!Int
      nul('b', true), //                            JM   NInt
      unjust(le('x', 'z')), //                      UM   Bin
    ],
  });
  const online = set({
    'A.f:::ENTER': [
      lower('x', 0),
      lower('y', 0),
      unjust(oneOf('s', [1, 2], false)),
      unjust(eq('x', 'y')),
      lb('x', 'y', 1, 1),
      unjust(ter(3)),
      oneOf('t', [4]),
      unjust(nul('c', false)),
      neq('x', 'z'), //                             MJ   Bin
      unjust(gt('y', 'z')), //                      MU   Bin
    ],
  });
  // Nullary 'a' (ref) and 'c' (online) share the slot (same template, no variables) → DUU.
  const pairs = diffInvariants(reference, online);
  const byCode = Object.fromEntries(pairs.map((p) => [p.relationship, p]));
  assert.deepEqual(Object.keys(byCode).sort(), [...RELATIONSHIPS].sort());
  assert.equal(pairs.length, 12);
  const types = Object.fromEntries(pairs.map((p) => [p.relationship, p.type]));
  assert.deepEqual(types, {
    SJJ: 'UInt',
    SUJ: 'UInt',
    SJU: 'U!Int',
    SUU: 'Bin',
    DJJ: 'Bin',
    DJU: 'Ter',
    DUJ: 'UInt',
    DUU: 'N!Int',
    JM: 'NInt',
    UM: 'Bin',
    MJ: 'Bin',
    MU: 'Bin',
  });
  // Sorted like Daikon's ClassVarnameComparator: template class, then variables.
  assert.deepEqual(
    pairs.map((p) => `${p.reference?.kind ?? p.online?.kind}(${p.vars.join(',')})`),
    ['IntEqual(x,y)', 'IntGreaterThan(y,z)', 'IntLessEqual(x,z)', 'IntNonEqual(x,z)', 'LinearBinary(x,y)', 'LinearTernary(x,y,z)', 'LowerBound(x)', 'LowerBound(y)', 'Nullary()', 'Nullary()', 'OneOfScalar(s)', 'OneOfScalar(t)'],
  );
  for (const p of pairs) assert.equal(p.point, 'A.f:::ENTER');

  const failures = failureInvariants(reference, online);
  assert.deepEqual(failures.failureInvariants.map(show), [
    'A.f:::ENTER <-, x != z> (Bin, MJ)',
    'A.f:::ENTER <x - y + 1 == 0, x - y - 1 == 0> (Bin, DJJ)',
    'A.f:::ENTER <b, -> (NInt, JM)',
  ]);
  assert.deepEqual(failures.counts, Object.fromEntries(RELATIONSHIPS.map((r) => [r, 1])));
  assert.equal(failures.version, 1);
  assert.deepEqual(failures.reference, ['runs/x']);
  assert.equal(failures.confidence, 0.99);
});

test('a point in one set only: all its invariants are missing on the other side', () => {
  const reference = set({ 'A.f:::EXIT': [lower('x', 0), unjust(lower('y', 0))] });
  const online = set({ 'A.g:::ENTER': [oneOf('n', [1])] });
  const pairs = diffInvariants(reference, online);
  assert.deepEqual(pairs.map(show), ['A.f:::EXIT <x >= 0, -> (UInt, JM)', 'A.f:::EXIT <y >= 0, -> (UInt, UM)', 'A.g:::ENTER <-, n == 1> (UInt, MJ)']);
  assert.deepEqual(
    failureInvariants(reference, online).failureInvariants.map((p) => [p.point, p.reference === null, p.online === null, p.relationship]),
    [
      ['A.f:::EXIT', false, true, 'JM'],
      ['A.g:::ENTER', true, false, 'MJ'],
    ],
  );
});

test('identical sets: no failure invariants, all SJJ', () => {
  const s = set({ 'A.f:::ENTER': [lower('x', 0), eq('x', 'y')], 'A.f:::EXIT': [lb('r', 'x', 2, 0)] });
  const f = failureInvariants(s, structuredClone(s));
  assert.deepEqual(f.failureInvariants, []);
  assert.deepEqual(f.counts, { SJJ: 3 });
  assert.match(formatFailureInvariants(f), /^failure invariants: 0 .*\n\nall pairs: SJJ 3\n$/);
  assert.deepEqual(failureInvariants(set({}), set({})).counts, {});
});

test('several invariants in one slot: same formulas pair first, the rest in order', () => {
  const reference = set({ 'A.f:::ENTER': [inv('Dummy', ['x'], 'x is p', ['p']), inv('Dummy', ['x'], 'x is q', ['q'])] });
  const online = set({ 'A.f:::ENTER': [inv('Dummy', ['x'], 'x is r', ['r']), inv('Dummy', ['x'], 'x is q', ['q']), inv('Dummy', ['x'], 'x is s', ['s'])] });
  assert.deepEqual(diffInvariants(reference, online).map(show), [
    'A.f:::ENTER <x is q, x is q> (UInt, SJJ)',
    'A.f:::ENTER <x is p, x is r> (UInt, DJJ)',
    'A.f:::ENTER <-, x is s> (UInt, MJ)',
  ]);
});

// 004 §III-B / IV-A, Program A (Fig. 2). Reference invariants from Table I (unit runs), online
// invariants from Table II's right column (integration runs). Pairing follows Daikon's diff: the
// same program point, the same template class (LinearBinary, IntNonEqual, …) and the same
// variables. `this.xx - this.z - 1 == 0` (LinearBinary) and `this.xx != this.z` (IntNonEqual) are
// over the same variables but of different templates, so Daikon does not pair them: the first is
// JM (justified in the reference, missing online), the second MJ. Table II shows exactly that —
// each of them against "-" on its own row, in Daikon's class order (IntGreaterThan, IntNonEqual,
// LinearBinary at SA.func1:::EXIT) — and 004 IV-A notes that they "are different, but the latter
// includes the former". Hence the running example has no DJJ pair; all 18 failure invariants are
// JM or MJ. `this.z - orig(this.z) - 1 == 0` at SA.func4:::ENTER is in both columns of Table II
// (not in Table I): SJJ, dropped.
const X = 'this.xx';
const Z = 'this.z';
const oX = 'orig(this.xx)';
const oZ = 'orig(this.z)';
const xzLinear = () => lb(X, Z, 1, 1); // this.xx - this.z - 1 == 0
const tableI = set(
  {
    'SA.run:::EXIT': [gt(X, oX)],
    'SA.func1:::EXIT': [gt(X, oX), xzLinear()],
    'SA.func2:::ENTER': [xzLinear()],
    'SA.func2:::EXIT': [lb(X, oZ, 1, 1)],
    'SA.func3:::ENTER': [xzLinear()],
    'SA.func3:::EXIT': [eq(X, Z), lb(X, oZ, 1, 1)],
    'SA.func4:::ENTER': [lb(Z, oZ, 1, 1), xzLinear()],
    'SA.func4:::EXIT': [xzLinear()],
  },
  ['.conlens/runs/unit'],
);
const tableII = set(
  {
    'SA.run:::EXIT': [],
    'SA.func1:::EXIT': [neq(X, Z)],
    'SA.func2:::ENTER': [neq(X, Z)],
    'SA.func2:::EXIT': [neq(X, oZ)],
    'SA.func3:::ENTER': [neq(X, Z)],
    'SA.func3:::EXIT': [le(X, Z), neq(X, oZ)],
    'SA.func4:::ENTER': [lb(Z, oZ, 1, 1), neq(X, Z)],
    'SA.func4:::EXIT': [neq(X, Z)],
  },
  ['.conlens/runs/integration'],
);

test('004 running example: Table I vs Table II gives these failure invariants', () => {
  const f = failureInvariants(tableI, tableII);
  assert.deepEqual(f.failureInvariants.map(show), [
    'SA.run:::EXIT <this.xx > orig(this.xx), -> (Bin, JM)',
    'SA.func1:::EXIT <this.xx > orig(this.xx), -> (Bin, JM)',
    'SA.func1:::EXIT <-, this.xx != this.z> (Bin, MJ)',
    'SA.func1:::EXIT <this.xx - this.z - 1 == 0, -> (Bin, JM)',
    'SA.func2:::ENTER <-, this.xx != this.z> (Bin, MJ)',
    'SA.func2:::ENTER <this.xx - this.z - 1 == 0, -> (Bin, JM)',
    'SA.func2:::EXIT <-, this.xx != orig(this.z)> (Bin, MJ)',
    'SA.func2:::EXIT <this.xx - orig(this.z) - 1 == 0, -> (Bin, JM)',
    'SA.func3:::ENTER <-, this.xx != this.z> (Bin, MJ)',
    'SA.func3:::ENTER <this.xx - this.z - 1 == 0, -> (Bin, JM)',
    'SA.func3:::EXIT <this.xx == this.z, -> (Bin, JM)',
    'SA.func3:::EXIT <-, this.xx <= this.z> (Bin, MJ)',
    'SA.func3:::EXIT <-, this.xx != orig(this.z)> (Bin, MJ)',
    'SA.func3:::EXIT <this.xx - orig(this.z) - 1 == 0, -> (Bin, JM)',
    'SA.func4:::ENTER <-, this.xx != this.z> (Bin, MJ)',
    'SA.func4:::ENTER <this.xx - this.z - 1 == 0, -> (Bin, JM)',
    'SA.func4:::EXIT <-, this.xx != this.z> (Bin, MJ)',
    'SA.func4:::EXIT <this.xx - this.z - 1 == 0, -> (Bin, JM)',
  ]);
  assert.deepEqual(f.counts, { JM: 10, MJ: 8, SJJ: 1 });
  assert.deepEqual(f.reference, ['.conlens/runs/unit']);
  assert.deepEqual(f.online, ['.conlens/runs/integration']);
  // Each failure invariant keeps its invariants whole: point, vars, params, confidence.
  const first = f.failureInvariants[2];
  assert.equal(first.online?.kind, 'IntNonEqual');
  assert.deepEqual(first.vars, [X, Z]);
  assert.equal(first.online?.point, 'SA.func1:::EXIT');
});

test('004 running example, printed in Daikon diff style', () => {
  const text = formatFailureInvariants(failureInvariants(tableI, tableII));
  const lines = text.split('\n');
  assert.equal(lines[0], 'failure invariants: 18  (relationship DJJ, JM or MJ; confidence 0.99)');
  assert.ok(
    text.includes(
      [
        'SA.func1:::EXIT',
        '  <this.xx > orig(this.xx) {0.9999}, null>  (Bin, JM)',
        '  <null, this.xx != this.z {0.9999}>  (Bin, MJ)',
        '  <this.xx - this.z - 1 == 0 {0.9999}, null>  (Bin, JM)',
        '',
        'SA.func2:::ENTER',
      ].join('\n'),
    ),
    text,
  );
  assert.ok(text.endsWith('\nall pairs: SJJ 1, JM 10, MJ 8\n'), text);
});

test('a DJJ pair prints both sides with their confidences', () => {
  const p = diffInvariants(set({ 'A.f:::EXIT': [{ ...lb(X, Z, 1, 1), confidence: 0.99 }] }), set({ 'A.f:::EXIT': [{ ...lb(X, Z, 1, 2), confidence: 1 }] }))[0];
  assert.equal(formatPair(p), '<this.xx - this.z - 1 == 0 {0.99}, this.xx - this.z - 2 == 0 {1}>  (Bin, DJJ)');
});

test("Daikon's confidence style", () => {
  assert.equal(formatConfidence(1), '1');
  assert.equal(formatConfidence(0.99999999), '0.9999');
  assert.equal(formatConfidence(0.99), '0.99');
  assert.equal(formatConfidence(0.5), '0.5');
  assert.equal(formatConfidence(0.12345), '0.1235');
  assert.equal(formatConfidence(0), '0');
});

test('InvariantSet shape check names what is wrong', () => {
  assert.deepEqual(invariantSetProblems(tableI), []);
  assert.deepEqual(invariantSetProblems(JSON.parse(JSON.stringify(tableI))), []);
  assert.match(invariantSetProblems([])[0], /expected an object/);
  const broken = structuredClone(tableI) as unknown as { version: number; points: { kind: string; invariants: Record<string, unknown>[] }[] };
  broken.version = 2;
  broken.points[1].kind = 'EXIT3';
  broken.points[1].invariants[0].justified = 'yes';
  delete broken.points[1].invariants[1].arity;
  assert.deepEqual(invariantSetProblems(broken), [
    'version: expected 1, got 2',
    'points[1].kind: expected one of "ENTER", "EXIT", "SUBEXIT"',
    'points[1].invariants[0].justified: expected true or false',
    'points[1].invariants[1].arity: expected one of "nullary", "unary", "binary", "ternary"',
  ]);
  assert.throws(() => asInvariantSet(broken, 'ref.json'), (e: Error) => e instanceof InvariantSetError && /^ref\.json: not an InvariantSet/.test(e.message));
  assert.equal(asInvariantSet(tableI, 'ok.json'), tableI);
});
