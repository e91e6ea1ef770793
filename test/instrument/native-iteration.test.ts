// Builtins that iterate their first argument in native code (Object.fromEntries, Array.from,
// structuredClone, new Map, new Set) read a collection's contents out of sight of for…of and
// spread: the transformer passes the argument through the recorder's `it` (instrument-transformer
// consumesIterable), which records a read of an Array, Map or Set and returns its argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';

const options = (fields: boolean) => ({ file: 'src/a.ts', fields, lockMethods: [], acquireMethods: [] });

test('Object.fromEntries, Array.from, structuredClone, new Map and new Set read their first argument; other calls and spread arguments do not', () => {
  const source = `export class Meter {
  counts = new Map<string, number>();
  seen = new Set<number>();
  report() {
    return [Object.fromEntries(this.counts), Array.from(this.seen, (x) => x + 1), structuredClone(this.counts), new Map(this.counts), new Set(this.seen)];
  }
  others(list: number[]) {
    return [Object.keys(this.counts), Array.of(1), Array.from(...[list]), new WeakMap(), Math.max(...list), new Map([['a', 1]]), Array.from(list.slice(1))];
  }
}`;
  const out = transpileTypeScript(source, '/p/src/a.ts', 'module', options(true));
  assert.equal(out.instrumentError, undefined);
  const report = out.code.slice(out.code.indexOf('report('), out.code.indexOf('others('));
  assert.equal(report.match(/__conlens_rt\.it\(/g)?.length, 5, report);
  for (const call of ['Object.fromEntries(__conlens_rt.it(', 'Array.from(__conlens_rt.it(', 'structuredClone(__conlens_rt.it(', 'new Map(__conlens_rt.it(', 'new Set(__conlens_rt.it(']) assert.ok(report.includes(call), call);
  assert.match(report, /\.seen, __conlens_s \+ \d+\), \(x\) => x \+ 1\)/, 'the other arguments stay');
  const others = out.code.slice(out.code.indexOf('others('));
  // The two spreads read what they spread (as before); Array.from(...) itself adds nothing;
  // Object.keys, Array.of and new WeakMap() iterate no collection; a literal or a call's fresh
  // result (new Map([…]), Array.from(list.slice(1))) is no one else's.
  assert.equal(others.match(/__conlens_rt\.it\(/g)?.length, 2, others);
  assert.ok(others.includes('Array.from(...__conlens_rt.it([list]') && others.includes('Math.max(...__conlens_rt.it(list'), others);
  // Without field recording (unit runs), nothing changes.
  assert.doesNotMatch(transpileTypeScript(source, '/p/src/a.ts', 'module', options(false)).code, /__conlens_rt\.it\(/);
});
