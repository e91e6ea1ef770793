// In scheduled runs an async generator's resumption after `yield` and every `for await`
// iteration are scheduling points, like awaits (instrument-transformer.ts `sp`, recorder.ts `sp`):
// races across those boundaries are found, replay reproduces them, and a mutex fixes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';
import { checkYieldPointCase, YIELD_POINT_CASES } from '../helpers/yield-point-check.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-yield-'));
after(() => rmSync(OUT, { recursive: true, force: true }));
let outs = 0;
const out = () => join(OUT, `run-${++outs}`);

test('only scheduled runs get the points; sync generators never (they cannot interleave)', () => {
  const source = `export async function* gen() { const got = yield 1; yield* other(); }
function* sync() { yield 1; }
export async function use(it: AsyncIterable<number>) { for await (const x of it) console.log(x); }`;
  const options = { file: 'src/g.ts', fields: false, lockMethods: [], acquireMethods: [] };
  const traced = transpileTypeScript(source, '/p/src/g.ts', 'module', options).code;
  assert.doesNotMatch(traced, /\.sp\(/);
  const scheduled = transpileTypeScript(source, '/p/src/g.ts', 'module', { ...options, scheduled: true }).code;
  const points = [...scheduled.matchAll(/\(await __conlens_rt\.sp\(__conlens_a1, __conlens_s \+ (\d), ([^)]*)/g)].map((m) => `${m[1]} ${m[2].split('(')[0]}`);
  // yield (site 0) and yield* (site 1) of the async generator; the for await (site 3): the
  // iteration and the loop's exit. The sync generator's yield (site 2) is none.
  assert.deepEqual(points, ['0 yield __conlens_rt.aw', '1 yield* __conlens_rt.aw', '3 undefined', '3 undefined']);
});

// The ATOMFUZZER half runs in the slow tier (test/slow/yield-points-fixed.test.ts).
for (const entry of YIELD_POINT_CASES) {
  test(`${entry[0]}: random finds it within 4 seeds and replays it; with a mutex it never fails`, () => checkYieldPointCase(entry, 'random', out));
}
