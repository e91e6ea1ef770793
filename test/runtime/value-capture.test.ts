import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureInto, encodeScalar, hashString } from '../../src/core/runtime/value-capture.ts';
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
