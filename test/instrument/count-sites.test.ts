// Counts (`n++`, `n--`, `n += 1`, `n -= 2`) are declared as sites of kind `count`: they commute and
// each is one synchronous step, so the schedule evidence leaves patterns made of counts alone out
// (unseen5's job queue: a `queries++` every table method makes ranked the worker loop first).
// Other updates stay `update`: a string's `+=` (order matters), `*=`, and `n += await f()`, which
// reads n before its await.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';

test('n++, n--, n += 1 and n -= 2 are counts; s += "x", n *= 2 and n += await f() are updates', () => {
  const source = 'let total = 0;\nexport class C {\n  n = 0;\n  s = "";\n  a = [1];\n  async f(g: () => Promise<number>) {\n    this.n++;\n    this.n += 1;\n    this.s += "x";\n    this.n += await g();\n    this.n *= 2;\n    total--;\n    this.a[0] -= 2;\n  }\n}\n';
  const out = transpileTypeScript(source, '/p/src/a.ts', 'module', { file: 'src/a.ts', fields: true, lockMethods: [], acquireMethods: [] });
  assert.equal(out.instrumentError, undefined);
  const kinds = [...out.code.matchAll(/\[(\d+), ?\d+, ?"(update|count)", ?"([^"]*)"/g)].map(([, line, kind, name]) => `${line} ${kind} ${name}`);
  assert.deepEqual(kinds, ['7 count n', '8 count n', '9 update s', '10 update n', '11 update n', '12 count total', '13 count []']);
});
