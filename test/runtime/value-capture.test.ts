import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addVars, beginVars, captureInto, encodeScalar, endVars, hashString, scalarText, varKeyOf } from '../../src/core/runtime/value-capture.ts';
import type { TraceVars } from '../../src/core/runtime/trace-events.ts';

test('scalars JSON cannot hold are tagged', () => {
  assert.deepEqual(encodeScalar(NaN), { $: 'number', v: 'NaN' });
  assert.deepEqual(encodeScalar(-Infinity), { $: 'number', v: '-Infinity' });
  assert.deepEqual(encodeScalar(-0), { $: 'number', v: '-0' });
  assert.deepEqual(encodeScalar(10n ** 30n), { $: 'bigint', v: '1000000000000000000000000000000' });
  assert.deepEqual(encodeScalar(Symbol('s')), { $: 'symbol', v: 's' });
  assert.deepEqual(encodeScalar(undefined), { $: 'undefined' });
  assert.equal(encodeScalar(null), null);
  assert.equal(encodeScalar('short'), 'short');
  const long = 'x'.repeat(1000);
  assert.deepEqual(encodeScalar(long), { $: 'string', len: 1000, hash: hashString(long) });
});

test('objects by identity and class, arrays with length and (short) elements', () => {
  class Account {}
  const a = new Account();
  const first = encodeScalar(a) as { id: number; cls: string };
  assert.equal(first.cls, 'Account');
  assert.equal((encodeScalar(a) as { id: number }).id, first.id, 'identity is stable');
  assert.deepEqual({ ...(encodeScalar([1, 'a', null]) as object), id: 0 }, { $: 'array', id: 0, len: 3, el: [1, 'a', null] });
  const big = encodeScalar(new Array(100).fill(1)) as { len: number; el?: unknown };
  assert.equal(big.len, 100);
  assert.equal(big.el, undefined);
  assert.equal((encodeScalar(new Map([[1, 2]])) as { size: number }).size, 1);
  assert.equal((encodeScalar(new Set([1, 2, 3])) as { size: number }).size, 3);
});

test('capture never calls getters, never looks into Proxies, survives cycles and exotic objects', () => {
  let getterCalls = 0;
  let trapCalls = 0;
  const self: Record<string, unknown> = {
    n: 1,
    get sneaky() {
      getterCalls++;
      return 2;
    },
    proxy: new Proxy({}, { ownKeys: () => (trapCalls++, []), get: () => (trapCalls++, 1) }),
    frozen: Object.freeze({ k: 1 }),
    nested: { deeper: { deepest: 1 } },
    nullProto: Object.assign(Object.create(null), { z: 1 }),
  };
  self.cycle = self;
  const vars: TraceVars = {};
  captureInto(vars, 'this', self, 2, new Set());
  assert.equal(getterCalls, 0);
  assert.equal(trapCalls, 0);
  assert.equal(vars['this.n'], 1);
  assert.equal(vars['this.sneaky'], undefined, 'accessors are not captured');
  assert.equal((vars['this.proxy'] as { cls: string }).cls, 'Proxy');
  assert.equal(vars['this.frozen.k'], 1);
  assert.equal(vars['this.nested.deeper'] !== undefined, true);
  assert.equal(vars['this.nested.deeper.deepest'], undefined, 'depth 2 stops there');
  assert.equal(vars['this.nullProto.z'], 1);
  assert.equal((vars['this.cycle'] as { $: string }).$, 'object');
  assert.equal(vars['this.cycle.n'], undefined, 'a cycle is not followed');
});

test('variables captured as JSON text parse to what captureInto builds (issue 33)', () => {
  class Account {
    balance = 5;
    owner = { name: 'ann', tags: ['a', 'b'] };
  }
  const cyclic: Record<string, unknown> = { n: NaN, z: -0, big: 10n, long: 'y'.repeat(100), when: new Date(0) };
  cyclic.self = cyclic;
  const values: [string, unknown][] = [
    ['amount', 5],
    ['neg', -0],
    ['inf', -Infinity],
    ['text', 'a "quoted"\nname é'],
    ['flag', false],
    ['none', null],
    ['missing', undefined],
    ['fn', function named() {}],
    ['sym', Symbol('s')],
    ['list', [1, 'x', { k: 1 }]],
    ['map', new Map([[1, 2]])],
    ['set', new Set([1])],
    ['proxy', new Proxy({}, {})],
    ['bare', Object.assign(Object.create(null), { z: 1, 'a.b': 2 })],
    ['this', new Account()],
    ['cyclic', cyclic],
    // A field named with a dot repeats `o.a.b`: the last value, in the first one's place.
    ['o', { 'a.b': 1, a: { b: 2 }, c: 3 }],
  ];
  for (const depth of [0, 1, 2, 3]) {
    const vars: TraceVars = {};
    beginVars();
    for (const [name, value] of values) {
      captureInto(vars, name, value, depth);
      addVars(varKeyOf(name), value, depth);
    }
    const text = endVars();
    assert.deepEqual(JSON.parse(text), vars, `depth ${depth}`);
    assert.deepEqual(Object.keys(JSON.parse(text)), Object.keys(vars), `depth ${depth}: key order`);
  }
  beginVars();
  assert.equal(endVars(), '{}');
});

test('scalarText is the JSON of encodeScalar', () => {
  class Point {}
  for (const value of [1, 0.5, -0, NaN, 1e21, 'ok', 'z'.repeat(65), true, null, undefined, new Point(), Object.create(null), [1, 2], new Map(), () => 1]) {
    for (const elements of [true, false]) assert.equal(scalarText(value, elements), JSON.stringify(encodeScalar(value, elements)));
  }
});

test('a wide object (a table of 256 keys or more) is captured without its fields, and stays so (issue 33)', () => {
  const record = { a: 1, b: 'x' };
  const table: Record<string, number> = Object.create(null);
  for (let i = 0; i < 300; i++) table[`k${i}`] = i;
  const vars: TraceVars = {};
  captureInto(vars, 'r', record, 2);
  captureInto(vars, 't', table, 2);
  assert.deepEqual(Object.keys(vars), ['r', 'r.a', 'r.b', 't']);
  // The JSON-text capture agrees.
  beginVars();
  addVars(varKeyOf('t'), table, 2);
  assert.deepEqual(Object.keys(JSON.parse(endVars())), ['t']);
  // Once wide, always wide: the same table shrunk to 2 keys is still captured whole.
  for (let i = 2; i < 300; i++) delete table[`k${i}`];
  const again: TraceVars = {};
  captureInto(again, 't', table, 2);
  assert.deepEqual(Object.keys(again), ['t']);
  // 255 keys: still a record (its first 32 fields).
  const almost: Record<string, number> = {};
  for (let i = 0; i < 255; i++) almost[`k${i}`] = i;
  const some: TraceVars = {};
  captureInto(some, 'o', almost, 2);
  assert.equal(Object.keys(some).length, 1 + 32);
});
