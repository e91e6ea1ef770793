// In scheduled runs an async generator's resumption after `yield` and every `for await`
// iteration are scheduling points, like awaits (instrument-transformer.ts `sp`, recorder.ts `sp`):
// races across those boundaries are found, replay reproduces them, and a mutex fixes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, replay, type FuzzStrategy, type Violation } from '../../src/core/active/index.ts';
import { traceFiles } from '../../src/core/trace/index.ts';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { firstViolation } from '../helpers/first-violation.ts';
import { LEASES, LEDGER } from '../helpers/yield-point-projects.ts';

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

/** The kinds of the sites the scheduler's decisions released, over a run's traces. */
function decidedKinds(runDir: string): Set<string> {
  const kinds = new Set<string>();
  for (const file of traceFiles(runDir)) {
    const events = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TraceEvent);
    const siteKind = new Map(events.flatMap((e) => (e.e === 'site' ? [[e.i, e.k] as const] : [])));
    for (const e of events) if (e.e === 'sched') kinds.add(siteKind.get(e.s) ?? '?');
  }
  return kinds;
}

// [test name, project, site kinds the decisions must include, a step the schedule must show:
// [function, line] resuming at that point].
for (const [name, files, kinds, [fn, line]] of [
  ['a check-then-act across a yield (a generator per task)', LEASES, ['yield', 'for-await'], ['leases', 9]],
  ['two tasks consuming one shared generator, check-then-act across for await iterations', LEDGER, ['for-await'], ['book', 11]],
] as const) {
  for (const strategy of ['random', 'atomfuzzer'] as FuzzStrategy[]) {
    test(`${name}: ${strategy} finds it within 4 seeds and replays it; with a mutex it never fails`, async () => {
      const buggy = loadConfig(tempProject(files(false), ['async-mutex']));
      // Seeds 1–4 one at a time, up to the first that fails (helpers/first-violation.ts).
      const found = await firstViolation(buggy, { strategy, runs: 4, seed: 1, out: out() });
      assert.ok(found.violations >= 1, `${strategy}: no violation in seeds 1–4`);
      const first = found.outcomes.find((o) => o.violationFile)!;
      assert.equal(first.outcome, 'failed assertion');
      for (const kind of kinds) assert.ok(decidedKinds(first.runDir).has(kind), `a decision at a ${kind} site`);

      const recorded = JSON.parse(readFileSync(first.violationFile!, 'utf8')) as Violation;
      assert.ok(recorded.schedule.some((s) => s.function === fn && s.line === line && /^resumes after/.test(s.event)),
        `the schedule shows ${fn} resuming at line ${line}:\n${recorded.schedule.map((s) => `${s.task} ${s.function} ${s.file}:${s.line} ${s.event}`).join('\n')}`);
      const replayed = await replay(buggy, { violation: recorded, out: out() });
      assert.equal(replayed.reproduced, true, `${replayed.outcome}: ${replayed.message}`);
      assert.equal(replayed.sameDecisions, true);
      const again = await replay(buggy, { strategy, seed: recorded.seed, out: out() });
      assert.deepEqual(again.decisions, recorded.decisions, 'the seed alone gives the same decisions');

      // Two seeds here; seeds 1–4 in test/slow/yield-points-fixed.test.ts.
      const fixed = await fuzz(loadConfig(tempProject(files(true), ['async-mutex'])), { strategy, runs: 2, seed: 1, jobs: 2, out: out() });
      assert.equal(fixed.violations, 0, `fixed: ${fixed.outcomes.map((o) => `${o.outcome} ${o.message ?? ''}`).join('; ')}`);
      assert.ok(fixed.outcomes.every((o) => o.steps > 0));
    });
  }
}
