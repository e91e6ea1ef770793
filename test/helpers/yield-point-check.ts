// The yield-point check of test/runtime/yield-points.test.ts (random strategy, fast tier) and of
// test/slow/yield-points-fixed.test.ts (ATOMFUZZER, slow tier): a check-then-act across a yield or
// a for await iteration is found within four seeds, its schedule shows the resumption, replay
// reproduces it, and the mutex-fixed variant never fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz, replay, type FuzzStrategy, type Violation } from '../../src/core/active/index.ts';
import { traceFiles } from '../../src/core/trace/index.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from './temp-project.ts';
import { firstViolation } from './first-violation.ts';
import { LEASES, LEDGER } from './yield-point-projects.ts';

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

/** [test name, project, site kinds the decisions must include, a step the schedule must show:
 *  [function, line] resuming at that point]. */
export const YIELD_POINT_CASES = [
  ['a check-then-act across a yield (a generator per task)', LEASES, ['yield', 'for-await'], ['leases', 9]],
  ['two tasks consuming one shared generator, check-then-act across for await iterations', LEDGER, ['for-await'], ['book', 11]],
] as const;

export async function checkYieldPointCase([, files, kinds, [fn, line]]: (typeof YIELD_POINT_CASES)[number], strategy: FuzzStrategy, out: () => string): Promise<void> {
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
}
