// 004's running example (Fig. 2): Table II's failure invariants, Fig. 3's call graph and Table III's
// call orders → the reduction of IV-E (worked example, Conclusions 1 and 2, Table IV), the flags of
// Fig. 8 and Table V.
//
// Transcription notes (the text copy of the paper lost the figures and misaligned Table II):
// - Fig. 3 is rebuilt from the prose: run() calls func1() then func2() (Conclusion 2: "SA.run() →
//   SA.func1() and SA.run() → SA.func2()"), func2() calls func3() or func4() ("conditionally
//   called by SA.func2()"), depths run 0, func1 1, func3 2 (IV-F). The order fact func1 → func2 is
//   what `conlens graph` derives from `await this.func1(); this.func2();` (eq. (6)'s "always
//   called after"); it changes nothing here.
// - Table II's rows for func3 and func4 are shifted in the text copy: func3::ENTER lists three
//   reference invariants, one of them `this.xx == this.z`, which Table I puts at func3::EXIT, and
//   func4::ENTER lists `this.z - orig(this.z) - 1 == 0` (an orig() at an ENTER point cannot be).
//   We put those back at func3::EXIT, as Table IV has them: <this.xx == this.z, null> and
//   <null, this.z - orig(this.z) - 1 == 0>.
// - Table II's pairs are failure invariants only; each row is `<reference, online>` with "-" for
//   missing, as in Table IV ("Before" = reference/unit, "After" = online/integration).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localize, reduceInvariants } from '../../src/core/localize/index.ts';
import type { ReducedFunction } from '../../src/core/localize/index.ts';
import { fi, graph, run, texts } from './fixtures.ts';

const TABLE_II = [
  fi('SA.run:::EXIT', 'this.xx > orig(this.xx)', null),
  fi('SA.func1:::EXIT', 'this.xx > orig(this.xx)', null),
  fi('SA.func1:::EXIT', null, 'this.xx != this.z'),
  fi('SA.func1:::EXIT', 'this.xx - this.z - 1 == 0', null),
  fi('SA.func2:::ENTER', null, 'this.xx != this.z'),
  fi('SA.func2:::ENTER', 'this.xx - this.z - 1 == 0', null),
  fi('SA.func2:::EXIT', null, 'this.xx != orig(this.z)'),
  fi('SA.func2:::EXIT', 'this.xx - orig(this.z) - 1 == 0', null),
  fi('SA.func3:::ENTER', null, 'this.xx != this.z'),
  fi('SA.func3:::ENTER', 'this.xx - this.z - 1 == 0', null),
  fi('SA.func3:::EXIT', 'this.xx == this.z', null),
  fi('SA.func3:::EXIT', null, 'this.xx <= this.z'),
  fi('SA.func3:::EXIT', 'this.xx - orig(this.z) - 1 == 0', null),
  fi('SA.func3:::EXIT', null, 'this.xx != orig(this.z)'),
  fi('SA.func3:::EXIT', null, 'this.z - orig(this.z) - 1 == 0'),
  fi('SA.func4:::ENTER', null, 'this.xx != this.z'),
  fi('SA.func4:::ENTER', 'this.xx - this.z - 1 == 0', null),
  fi('SA.func4:::EXIT', null, 'this.xx != this.z'),
  fi('SA.func4:::EXIT', 'this.xx - this.z - 1 == 0', null),
];

const FIG_3 = graph(['SA.run'], ['SA.run -> SA.func1', 'SA.run -> SA.func2', 'SA.func2 -> SA.func3', 'SA.func2 -> SA.func4'], [['SA.func1', 'SA.func2']]);

/** Table III: relative call orders, marked by hand in the paper (func3 and func4 share 3). */
const TABLE_III = [run({ 'SA.run': [0], 'SA.func1': [1], 'SA.func2': [2], 'SA.func3': [3], 'SA.func4': [3] })];

const byName = (reduced: ReducedFunction[]) => Object.fromEntries(reduced.map((f) => [f.function, f]));

test('IV-E worked example: SA.func2 — En and Ex share both failure invariants modulo orig(), both end empty (Conclusion 1)', () => {
  const f = byName(reduceInvariants(TABLE_II, FIG_3))['SA.func2'];
  assert.deepEqual(f.En, []);
  assert.deepEqual(f.Ex, []);
  // The paper calls this "(4) and (5)"; the two pairs are exactly the orig() forms of the two
  // passing rules, which is what the record names.
  assert.deepEqual(
    f.removed.map((r) => [r.invariant.point, texts([r.invariant as never])[0], r.rule]),
    [
      ['SA.func2:::ENTER', '<null, this.xx != this.z>', 'rule2'],
      ['SA.func2:::ENTER', '<this.xx - this.z - 1 == 0, null>', 'rule1'],
      ['SA.func2:::EXIT', '<null, this.xx != orig(this.z)>', 'rule2'],
      ['SA.func2:::EXIT', '<this.xx - orig(this.z) - 1 == 0, null>', 'rule1'],
    ],
  );
  assert.match(f.removed[0].detail, /also at SA\.func2:::EXIT as <null, this\.xx != orig\(this\.z\)>/);
});

test('IV-E worked example: eq. (6) empties Ex_SA.run — its failure invariant stays at SA.func1 (Conclusion 2)', () => {
  const reduced = byName(reduceInvariants(TABLE_II, FIG_3));
  assert.deepEqual(reduced['SA.run'].Ex, []);
  assert.deepEqual(
    reduced['SA.run'].removed.map((r) => [texts([r.invariant as never])[0], r.rule]),
    [['<this.xx > orig(this.xx), null>', 'eq6']],
  );
  assert.match(reduced['SA.run'].removed[0].detail, /SA\.func1/);
  // SA.func4: the same failure invariants at ENTER and EXIT, "transmitted from the parent" — eq. (4)/(5).
  assert.deepEqual(reduced['SA.func4'].En, []);
  assert.deepEqual(reduced['SA.func4'].Ex, []);
  assert.deepEqual(reduced['SA.func4'].removed.map((r) => r.rule), ['eq4', 'eq4', 'eq5', 'eq5']);
});

test('Table IV: the failure invariants left after reduction', () => {
  const reduced = byName(reduceInvariants(TABLE_II, FIG_3));
  const left = Object.fromEntries(
    Object.values(reduced)
      .flatMap((f) => [
        [`${f.function}::ENTER`, texts(f.En)],
        [`${f.function}::EXIT`, texts(f.Ex)],
      ])
      .filter(([, t]) => t.length),
  );
  assert.deepEqual(left, {
    'SA.func1::EXIT': ['<this.xx > orig(this.xx), null>', '<null, this.xx != this.z>', '<this.xx - this.z - 1 == 0, null>'],
    // Table IV also keeps <this.xx - orig(this.z) - 1 == 0, null> here. It cannot, by the rule the
    // worked example applies to SA.func2: func3's ENTER has <this.xx - this.z - 1 == 0, null>
    // (Tables I and II), the same failure invariant modulo orig() — and rule 1's exact form. Every
    // reading that empties En_SA.func2 and Ex_SA.func2 empties this one too, and En_SA.func3 must
    // end empty for Table V (func3 is a (0,1) function position at depth 2, not a `between`).
    // The flags and Table V do not depend on it (Ex_SA.func3 keeps three).
    'SA.func3::EXIT': ['<this.xx == this.z, null>', '<null, this.xx <= this.z>', '<null, this.z - orig(this.z) - 1 == 0>'],
  });
  const func3 = reduced['SA.func3'];
  assert.deepEqual(
    func3.removed.filter((r) => r.invariant.point === 'SA.func3:::EXIT').map((r) => [texts([r.invariant as never])[0], r.rule]),
    [
      ['<this.xx - orig(this.z) - 1 == 0, null>', 'rule1'],
      ['<null, this.xx != orig(this.z)>', 'rule2'],
    ],
  );
});

test('Table IV exactly, when func3::ENTER is read without <this.xx - this.z - 1 == 0, null>', () => {
  // The one reading of the misaligned Table II under which Table IV comes out row for row: the
  // shifted func3::ENTER cell lost that reference invariant. Shown so the difference above is
  // pinned to that single row.
  const alt = TABLE_II.filter((p) => !(p.point === 'SA.func3:::ENTER' && p.reference?.text === 'this.xx - this.z - 1 == 0'));
  const func3 = byName(reduceInvariants(alt, FIG_3))['SA.func3'];
  assert.deepEqual(texts(func3.En), []);
  assert.deepEqual(texts(func3.Ex), [
    '<this.xx == this.z, null>',
    '<null, this.xx <= this.z>',
    '<this.xx - orig(this.z) - 1 == 0, null>',
    '<null, this.z - orig(this.z) - 1 == 0>',
  ]);
});

test('Fig. 8 flags and Table V: SA.func1 order 1 depth 1 → 1.00 rank 1; SA.func3 order 3 depth 2 → 0.67 rank 2', () => {
  const result = localize({ failureInvariants: TABLE_II, analysis: FIG_3, callOrders: TABLE_III });
  assert.deepEqual(
    Object.fromEntries(result.flags.map((f) => [f.function, [f.EN, f.EX]])),
    { 'SA.run': [0, 0], 'SA.func1': [0, 1], 'SA.func2': [0, 0], 'SA.func3': [0, 1], 'SA.func4': [0, 0] },
  );
  assert.deepEqual(
    result.positions.map((p) => [p.function, p.kind, p.order, p.depth, p.score.toFixed(2), p.rank]),
    [
      ['SA.func1', 'function', 1, 1, '1.00', 1],
      ['SA.func3', 'function', 3, 2, '0.67', 2],
    ],
  );
  const [func1, func3] = result.positions;
  assert.equal(func1.case, 'case3');
  assert.deepEqual(func1.flags, { EN: 0, EX: 1 });
  assert.match(func1.reason, /^case 3, \(0,0\) → \(0,1\) under SA\.run: .*; S_rate = depth 1 \/ order 1 = 1\.000$/);
  assert.match(func3.reason, /under SA\.func2/);
  assert.deepEqual(
    func1.failureInvariants.map((i) => [i.point, i.reference, i.online, i.relationship]),
    [
      ['SA.func1:::EXIT', 'this.xx > orig(this.xx)', null, 'JM'],
      ['SA.func1:::EXIT', null, 'this.xx != this.z', 'MJ'],
      ['SA.func1:::EXIT', 'this.xx - this.z - 1 == 0', null, 'JM'],
    ],
  );
  assert.deepEqual(result.unreached, []);
  assert.deepEqual(JSON.parse(JSON.stringify(result)), result, 'plain JSON');
});
