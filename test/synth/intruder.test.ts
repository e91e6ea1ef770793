// 000 (INTRUDER) on its running example (Fig. 5 / Fig. 8, ported in fixtures/): Tables 1-4 exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced } from '../../src/core/trace/run-traced.ts';
import { readSeedRun } from '../../src/core/synth/seed-invocations.ts';
import { feasibilityScan, pcrPairs, variableLockDependencies, writableMethods } from '../../src/core/synth/intruder.ts';

const FIXTURE = join(__dirname, 'fixtures', 'intruder-running-example');

async function seedRun() {
  const loaded = loadConfig(FIXTURE);
  const run = await runTraced(loaded, { suite: 'unit', fields: true, out: mkdtempSync(join(tmpdir(), 'conlens-intruder-')) });
  assert.ok(run.passed, run.output);
  return readSeedRun(run.runDir, FIXTURE);
}

test('000 Tables 1-4 on the running example', async (t) => {
  const seed = await seedRun();
  const analysis = variableLockDependencies(seed, { steps: true });
  const foo = seed.invocations.find((i) => i.fn === 'A.foo')!;

  await t.test('Table 1: AI, H and δ while a.foo() runs', () => {
    assert.deepEqual(analysis.steps![foo.id], [
      { instruction: 'lock (i0)', h: [['i0', 1]], delta: 1 },
      { instruction: 'read (i0, f)', ai: { i0: { f: ['R', 1] } } },
      { instruction: 'lock (i1)', h: [['i0', 1], ['i1', 2]], delta: 2 },
      { instruction: 'read (i1, count)', ai: { i0: { f: ['R', 1] }, i1: { count: ['R', 2] } } },
      { instruction: 'unlock (i1)', h: [['i0', 1]], delta: 3 },
      { instruction: 'lock (i1)', h: [['i0', 1], ['i1', 4]], delta: 4 },
      { instruction: 'write (i1, count)', ai: { i0: { f: ['R', 1] }, i1: { count: ['W', 4] } } },
      { instruction: 'unlock (i1)', h: [['i0', 1]], delta: 5 },
      { instruction: 'unlock (i0)', h: [], delta: 6 },
    ]);
  });

  const row = (id: string) => {
    const d = analysis.dependencies.find((x) => x.id === id)!;
    return [d.symbol, d.field, d.previous, d.current, d.held, d.consistent];
  };
  await t.test('Table 2: D after a.foo()', () => {
    assert.deepEqual(row('d1'), ['i0', 'A.f', null, 'R', ['i0'], ['i0']]);
    assert.deepEqual(row('d2'), ['i1', 'B.count', null, 'R', ['i0', 'i1'], ['i0', 'i1']]);
    assert.deepEqual(row('d3'), ['i1', 'B.count', 'R', 'W', ['i0', 'i1'], ['i0']]);
  });

  await t.test("Table 3: D after a'.bar() and a''.zee()", () => {
    assert.deepEqual(row('d4'), ['i2', 'A.g', null, 'R', ['i2'], ['i2']]);
    assert.deepEqual(row('d5'), ['i3', 'C.size', null, 'R', ['i2', 'i3'], ['i2', 'i3']]);
    assert.deepEqual(row('d6'), ['i3', 'C.size', 'R', 'W', ['i2', 'i3'], ['i2']]);
    assert.deepEqual(row('d7'), ['i4', 'A.g', null, 'R', [], []]);
    assert.deepEqual(row('d8'), ['i5', 'C.size', null, 'R', ['i5'], ['i5']]);
    assert.deepEqual(row('d9'), ['i5', 'C.size', 'R', 'W', ['i5'], ['i5']]);
  });

  const T = pcrPairs(analysis.dependencies);
  await t.test('Alg. 3: T = {(d3, d3)} for Table 2, five pairs with Table 3', () => {
    assert.deepEqual(pcrPairs(analysis.dependencies.filter((d) => ['d1', 'd2', 'd3'].includes(d.id))).map(([a, b]) => [a.id, b.id]), [['d3', 'd3']]);
    assert.deepEqual(T.map(([a, b]) => [a.id, b.id]), [['d3', 'd3'], ['d6', 'd6'], ['d6', 'd9'], ['d9', 'd6'], ['d9', 'd9']]);
  });

  await t.test('Table 4: the feasibility scanner (Alg. 4)', () => {
    const scanned = feasibilityScan(T, analysis, writableMethods(seed));
    assert.deepEqual(
      scanned.map((p) => [`${p.a.fn.split('.')[1]}, ${p.b.fn.split('.')[1]}`, `(${p.a.id}, ${p.b.id})`, `<${p.i}, ${p.j}>`, p.dom, p.feasible, p.guard ?? null, p.setter?.method ?? null]),
      [
        ['foo, foo', '(d3, d3)', '<i1, i1>', 'i0', true, 'A.this', 'setF'],
        ['bar, bar', '(d6, d6)', '<i3, i3>', 'i2', false, 'A.this', null],
        ['bar, zee', '(d6, d9)', '<i3, i5>', null, true, null, null],
        ['zee, bar', '(d9, d6)', '<i5, i3>', 'i5', false, 'C.this', null],
        ['zee, zee', '(d9, d9)', '<i5, i5>', 'i5', false, 'C.this', null],
      ],
    );
  });
});
