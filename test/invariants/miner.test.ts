// The miner on hand-written samples with known answers, and on bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAIKON_COMPATIBLE, formatInvariants, mineInvariants, mineSamples } from '../../src/core/invariants/miner.ts';
import type { InvariantSet, Invariant } from '../../src/core/invariants/invariant-types.ts';
import type { PointSample } from '../../src/core/trace/read-trace.ts';
import type { TraceVars } from '../../src/core/runtime/trace-events.ts';

let nonce = 0;
function call(fn: string, enter: TraceVars, exit: TraceVars, exitLine = 9, file = 'src/a.ts'): PointSample[] {
  const n = ++nonce;
  return [
    { function: fn, file, kind: 'ENTER', nonce: n, vars: enter, process: 0 },
    { function: fn, file, kind: 'EXIT', exitLine, nonce: n, vars: exit, orig: enter, process: 0 },
  ];
}

function at(set: InvariantSet, point: string): Invariant[] {
  const p = set.points.find((q) => q.point === point);
  assert.ok(p, `no point ${point} in ${set.points.map((q) => q.point).join(', ')}`);
  return p.invariants;
}

function justified(set: InvariantSet, point: string): string[] {
  return at(set, point).filter((i) => i.justified).map((i) => i.text);
}

/** Account.deposit(amount): balance grows by amount; amount in 1…10, balance from 0 upward. */
function deposits(): PointSample[] {
  const samples: PointSample[] = [];
  let balance = 0;
  const account = { $: 'object', id: 1, cls: 'Account' } as const;
  for (let k = 0; k < 40; k++) {
    const amount = (k % 10) + 1;
    const enter = { this: account, amount, 'this.balance': balance, 'this.owner': 'ann' };
    balance += amount;
    samples.push(...call('Account.deposit', enter, { this: account, 'this.balance': balance, 'this.owner': 'ann', return: balance }));
  }
  return samples;
}

test('hand-written samples: the known invariants, justified, in Daikon text', () => {
  const set = mineSamples(deposits());
  assert.deepEqual(set.points.map((p) => p.point), ['Account.deposit:::ENTER', 'Account.deposit:::EXIT']);
  const enter = justified(set, 'Account.deposit:::ENTER');
  for (const text of ['this != null', 'this.owner == "ann"', 'amount >= 1', 'amount <= 10', 'this.owner.length == 3']) assert.ok(enter.includes(text), `${text} in ${enter.join(' | ')}`);
  const exit = justified(set, 'Account.deposit:::EXIT');
  // return and this.balance are one equality set, printed in variable order, led by the least
  // complex name (Daikon's Equality.pivot): `return`; this.owner is unchanged.
  for (const text of ['this.balance == return', 'this.owner == orig(this.owner)', 'return > orig(this.balance)', 'return >= orig(amount)', 'return - orig(amount) - orig(this.balance) == 0']) {
    assert.ok(exit.includes(text), `${text} in ${exit.join(' | ')}`);
  }
  assert.ok(!exit.some((t) => t.startsWith('this.balance ') && t !== 'this.balance == return'), 'only the leader carries invariants');
  assert.ok(!exit.includes('return >= orig(this.balance)'), '> hides >=');
  assert.ok(!exit.includes('return != orig(this.balance)'), '> hides !=');
  assert.ok(!exit.some((t) => /orig\(amount\) [<>]=? orig/.test(t)), 'nothing over orig() alone at an exit');
  const ternary = at(set, 'Account.deposit:::EXIT').find((i) => i.kind === 'LinearTernary');
  // Daikon's variable order: post-state, then orig() in ENTER order (this, amount, this.balance).
  assert.deepEqual(ternary?.vars, ['return', 'orig(amount)', 'orig(this.balance)']);
  assert.deepEqual(ternary?.params, [1, -1, -1, 0]);
  assert.equal(ternary?.arity, 'ternary');
  const lower = at(set, 'Account.deposit:::ENTER').find((i) => i.text === 'amount <= 10');
  assert.equal(lower?.interesting, false, '10 is outside Daikon’s interesting −1…2');
  const text = formatInvariants(set);
  assert.match(text, /^={75}\nAccount\.deposit\(amount\):::ENTER\n(.+\n)*this != null\n/);
  assert.ok(!text.includes('amount <= 10'), 'uninteresting bounds are not printed, as in Daikon');
});

test('equal values make one set; x == y hides <=, >= ; LinearBinary y = 2x + 1 with its text', () => {
  const samples: PointSample[] = [];
  for (let x = -3; x < 12; x++) samples.push(...call('f', { x, y: 2 * x + 1, z: x }, { return: x + 1 }));
  const set = mineSamples(samples);
  const enter = justified(set, 'src/a.ts#f:::ENTER');
  assert.ok(enter.includes('x == z'));
  assert.ok(enter.includes('2 * x - y + 1 == 0'), enter.join(' | '));
  assert.ok(!enter.some((t) => t.includes('z <') || t.includes('z >') || t.startsWith('z ')), 'only the leader carries invariants');
  assert.ok(!enter.includes('x <= z') && !enter.includes('x < y'.replace('<', '<=')));
  const exit = justified(set, 'src/a.ts#f:::EXIT');
  assert.ok(exit.includes('return - orig(x) - 1 == 0'), exit.join(' | '));
  assert.ok(!exit.includes('return > orig(x)'), 'slope-1 LinearBinary hides the comparison (IntGreaterThan.lb_implies)');
});

test('per-exit points and exceptional exits', () => {
  const samples = [...call('g', { a: 1 }, { return: 1 }, 3), ...call('g', { a: 2 }, { return: 0 }, 5), ...call('g', { a: 3 }, { return: 0 }, 5)];
  samples.push({ ...samples[1], nonce: 99, threw: true, vars: { return: 'boom' } });
  const set = mineSamples(samples, { perExit: true });
  assert.deepEqual(set.points.map((p) => `${p.point}/${p.kind}/${p.samples}`), ['src/a.ts#g:::ENTER/ENTER/3', 'src/a.ts#g:::EXIT/EXIT/3', 'src/a.ts#g:::EXIT3/SUBEXIT/1', 'src/a.ts#g:::EXIT5/SUBEXIT/2']);
  assert.ok(justified(set, 'src/a.ts#g:::EXIT5').includes('return == 0'));
  assert.ok(justified(set, 'src/a.ts#g:::EXIT').includes('return one of { 0, 1 }'));
});

test('constants: folded by default, related in Daikon mode', () => {
  const samples: PointSample[] = [];
  for (let z = 0; z < 10; z++) samples.push(...call('SA.f', { 'this.k': 0, 'this.z': z }, { 'this.k': z + 1, 'this.z': z }));
  const folded = mineSamples(samples);
  assert.ok(!justified(folded, 'SA.f:::ENTER').includes('this.k <= this.z'));
  assert.ok(justified(folded, 'SA.f:::ENTER').includes('this.k == 0'));
  assert.ok(justified(folded, 'SA.f:::EXIT').includes('this.k > orig(this.k)'), 'orig() constants at exits are related');
  const daikon = mineSamples(samples, DAIKON_COMPATIBLE);
  assert.ok(justified(daikon, 'SA.f:::ENTER').includes('this.k <= this.z'));
});

test('comparability: identities only ==/!=, booleans only ==, strings OneOf/==', () => {
  const samples: PointSample[] = [];
  for (let k = 0; k < 20; k++) {
    const o = { $: 'object', id: k + 1, cls: 'O' } as const;
    samples.push(...call('h', { o, p: o, b: k % 2 === 0, c: k % 2 === 0, s: k % 3 ? 'a' : 'b', t: k % 3 ? 'a' : 'b', n: k }, { return: null }));
  }
  const set = mineSamples(samples);
  const enter = at(set, 'src/a.ts#h:::ENTER');
  const texts = enter.filter((i) => i.justified).map((i) => i.text);
  for (const t of ['o == p', 'b == c', 's == t', 'o != null', 's one of { "a", "b" }']) assert.ok(texts.includes(t), `${t} in ${texts.join(' | ')}`);
  assert.ok(!enter.some((i) => i.vars.includes('o') && i.vars.includes('n')), 'no identity vs number');
  assert.ok(!enter.some((i) => i.vars.includes('b') && i.vars.includes('n')), 'no boolean vs number');
  assert.ok(!enter.some((i) => /[<>]/.test(i.text) && (i.vars.includes('o') || i.vars.includes('s'))), 'no order on identities or strings');
  assert.ok(justified(set, 'src/a.ts#h:::EXIT').includes('return == null'));
});

test('arrays and strings: size(a[]), element bounds, sortedness, s.length', () => {
  const samples: PointSample[] = [];
  for (let k = 0; k < 12; k++) {
    const el = Array.from({ length: (k % 4) + 2 }, (_, i) => i + (k % 3));
    samples.push(...call('sortIt', { a: { $: 'array', id: k + 1, len: el.length, el }, s: 'x'.repeat(k % 5) }, { return: el.length }));
  }
  const set = mineSamples(samples);
  const enter = justified(set, 'src/a.ts#sortIt:::ENTER');
  for (const t of ['a != null', 'a[] elements >= 0', 'a[] sorted by <=', 'size(a[]) >= 2', 's.length >= 0']) assert.ok(enter.includes(t), `${t} in ${enter.join(' | ')}`);
  assert.ok(justified(set, 'src/a.ts#sortIt:::EXIT').includes('return == orig(size(a[]))'), justified(set, 'src/a.ts#sortIt:::EXIT').join(' | '));
});

test('bad input: nothing, one sample, NaN and ±Infinity, mixed types — never a crash', () => {
  assert.deepEqual(mineSamples([]).points, []);
  const one = mineSamples(call('once', { x: 5 }, { return: 5 }));
  assert.ok(justified(one, 'src/a.ts#once:::ENTER').includes('x == 5'), 'a OneOf is justified at once (Daikon)');
  assert.ok(at(one, 'src/a.ts#once:::ENTER').every((i) => i.kind.startsWith('OneOf') || !i.justified));

  const odd: PointSample[] = [];
  const specials = [{ $: 'number', v: 'NaN' }, { $: 'number', v: 'Infinity' }, { $: 'number', v: '-Infinity' }, { $: 'number', v: '-0' }] as const;
  for (let k = 0; k < 20; k++) odd.push(...call('odd', { x: k < 4 ? specials[k] : k, inf: k % 2 ? { $: 'number', v: 'Infinity' } : k, m: k % 2 ? 'str' : k, big: { $: 'bigint', v: String(k) } }, { return: { $: 'undefined' } }));
  const set = mineSamples(odd);
  const enter = at(set, 'src/a.ts#odd:::ENTER');
  assert.ok(!enter.some((i) => i.vars.includes('x') && /[<>]/.test(i.text)), 'NaN falsifies order and bounds');
  assert.ok(enter.some((i) => i.text === 'inf >= 0.0' && i.kind === 'LowerBoundFloat'), 'Infinity keeps bounds');
  assert.ok(enter.some((i) => i.text === 'typeof(m) one of { "number", "string" }' && i.justified), 'mixed types: typeof');
  assert.ok(!enter.some((i) => i.vars.includes('m') && i.vars.length > 1), 'a mixed variable has no pairs');
  assert.ok(enter.some((i) => i.text === 'big >= 0'), 'bigints are numbers');
  assert.doesNotThrow(() => formatInvariants(set));
  assert.doesNotThrow(() => JSON.stringify(set));

  // Nonsense inside the samples themselves.
  assert.doesNotThrow(() => mineSamples([{ function: 'x', file: 'f', kind: 'EXIT', nonce: 1, vars: {}, process: 0 } as PointSample, null as unknown as PointSample]));
});

test('run folders: empty, truncated', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-mine-'));
  try {
    const empty = await mineInvariants([dir]);
    assert.deepEqual(empty.points, []);
    assert.deepEqual(empty.runs, [dir]);
    const lines = [
      { e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: [], cwd: '/', started: '', fields: false },
      { e: 'fn', i: 0, name: 'C.m', file: 'src/c.ts', line: 1, kind: 'method', async: false },
      ...Array.from({ length: 8 }, (_, k) => [
        { e: 'en', a: k + 1, p: null, f: 0, o: k + 1, v: { n: k } },
        { e: 'ex', a: k + 1, f: 0, x: 3, v: { return: k * 2 } },
      ]).flat(),
      { e: 'en', a: 100, p: null, f: 0, o: 100, v: { n: 50 } },
    ].map((l) => JSON.stringify(l));
    writeFileSync(join(dir, 'trace-1.jsonl'), `${lines.join('\n')}\n{"e":"ex","a":100,"f":0,"x":3,"v":{"ret`);
    const set = await mineInvariants([dir]);
    const enter = set.points.find((p) => p.point === 'C.m:::ENTER');
    assert.equal(enter?.samples, 9, 'the open activation keeps its ENTER');
    assert.equal(set.points.find((p) => p.point === 'C.m:::EXIT')?.samples, 8);
    assert.ok(justified(set, 'C.m:::EXIT').includes('return - 2 * orig(n) == 0'), justified(set, 'C.m:::EXIT').join(' | '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('confidence option', () => {
  const samples: PointSample[] = [];
  for (let k = 0; k < 5; k++) samples.push(...call('c', { a: k, b: k + 10 + (k % 2) }, { return: 0 }));
  assert.ok(!justified(mineSamples(samples), 'src/a.ts#c:::ENTER').includes('a < b'), '5 samples: 0.96875 < 0.99');
  const loose = mineSamples(samples, { confidence: 0.95 });
  assert.equal(loose.confidence, 0.95);
  assert.ok(justified(loose, 'src/a.ts#c:::ENTER').includes('a < b'));
});
