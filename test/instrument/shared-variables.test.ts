// Module and closure variables are shared state (DESIGN §2): which references the resolver finds
// (shared-variables.ts) and what the transformer makes of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { findSharedVariables } from '../../src/core/instrument/shared-variables.ts';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';

/** `name@line` for every reference the resolver marks shared, in source order. */
function sharedReferences(source: string): string[] {
  const file = ts.createSourceFile('/p/src/a.ts', source, ts.ScriptTarget.ES2022, true);
  const { references } = findSharedVariables(ts, file);
  return [...references.keys()]
    .sort((a, b) => a.getStart(file) - b.getStart(file))
    .map((id) => `${id.text}@${file.getLineAndCharacterOfPosition(id.getStart(file)).line + 1}`);
}

test('module let / var read and written inside functions are shared; const, imports and top-level code are not', () => {
  const refs = sharedReferences(`import { x } from './x.ts';
let instance: object | undefined;
var hits = 0;
const limit = 3;
instance = undefined;
export async function get() {
  if (!instance) instance = await Promise.resolve({ x, limit });
  hits++;
  return instance;
}`);
  assert.deepEqual(refs, ['instance@7', 'instance@7', 'hits@8', 'instance@9']);
});

test('a local, parameter, catch or loop variable, or named function expression of the same name shadows the module variable', () => {
  const refs = sharedReferences(`let n = 0;
export function a(n: number) { return n; }
export function b() { { let n = 1; n++; } return n; }
export function c() { try { throw 1; } catch (n) { return n; } }
export function d() { for (let n = 0; n < 2; n++) {} }
export const e = function n() { return n; };
export function f() { var n = 2; return () => n; }
export function g() { return { n, m: n }; }`);
  // f's own `n` is shared too: its arrow captures it.
  assert.deepEqual(refs, ['n@3', 'n@7', 'n@8', 'n@8']);
});

test('a function variable is shared when an inner function uses it; an uncaptured local is not', () => {
  const refs = sharedReferences(`export function make() {
  let total = 0;
  let local = 1;
  local++;
  const add = async (by: number) => { const seen = total; await null; total = seen + by; };
  total = local;
  return { add, read: () => total };
}`);
  assert.deepEqual(refs, ['total@5', 'total@5', 'total@6', 'total@7']);
});

test('the transformer records reads with their value, writes after the right-hand side, updates, and keeps patterns and shorthands valid', () => {
  const source = `let instance: object | undefined;
let count = 0;
export async function get() {
  if (!instance) instance = await Promise.resolve({});
  count += 1;
  [count] = [count];
  return { instance };
}
export function make() {
  let total = 0;
  return () => total++;
}`;
  const out = transpileTypeScript(source, '/p/src/a.ts', 'module', { file: 'src/a.ts', fields: true, lockMethods: [], acquireMethods: [] });
  assert.equal(out.instrumentError, undefined);
  assert.match(out.code, /__conlens_rt\.rd\(\(__conlens_g\.instance = instance, __conlens_g\), "instance", __conlens_s \+ \d+\), instance\)/);
  assert.match(out.code, /instance = __conlens_rt\.wv\(__conlens_g, "instance", __conlens_s \+ \d+, __conlens_rt\.rs\(/);
  assert.match(out.code, /\(__conlens_rt\.up\(__conlens_g, "count", __conlens_s \+ \d+\), count \+= 1\)/);
  assert.match(out.code, /\[count\] = \[\(__conlens_rt\.rd\(/, 'a destructuring target stays a plain name; its source is read');
  assert.match(out.code, /\{ instance: \(__conlens_rt\.rd\(\(__conlens_g\.instance = instance/);
  // One scope object per activation of make(): two counters do not share `total`.
  assert.match(out.code, /function make\(\) \{\s*const __conlens_v0 = \{\};[\s\S]*__conlens_rt\.up\(__conlens_v0, "total"/);
  // Without field recording (unit runs), nothing changes.
  const plain = transpileTypeScript(source, '/p/src/a.ts', 'module', { file: 'src/a.ts', fields: false, lockMethods: [], acquireMethods: [] });
  assert.doesNotMatch(plain.code, /__conlens_g|__conlens_v0/);
});

test('compiled CommonJS (a Jest transformer\'s output, a built package): an exported let is `exports.x`, recorded as a field of exports', () => {
  const compiled = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.instance = void 0;
exports.getDb = getDb;
async function getDb() {
    if (!exports.instance)
        exports.instance = await Promise.resolve({});
    return exports.instance;
}
`;
  const out = transpileTypeScript(compiled, '/p/src/db.js', 'commonjs', { file: 'src/db.js', fields: true, lockMethods: [], acquireMethods: [] });
  assert.equal(out.instrumentError, undefined);
  assert.match(out.code, /if \(!__conlens_rt\.rd\(exports, "instance", __conlens_s \+ \d+\)\.instance\)/);
  assert.match(out.code, /exports\.instance = __conlens_rt\.wv\(exports, "instance", __conlens_s \+ \d+, /);
});
