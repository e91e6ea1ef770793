// The systematic strategy on a real project (issue 32): the preemption-bounded search finds a bug
// that needs one preemption at the fewest preemptions, the fixed variant exhausts every schedule,
// and every explored schedule replays from its decision list with the same decisions and outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/core/config/index.ts';
import { analyzeRun, fuzz, replay, type Violation } from '../../src/core/active/index.ts';
import type { TracedRun } from '../../src/core/trace/run-traced.ts';
import { counterProject } from '../helpers/systematic-counter.ts';

test('systematic: the bug at one preemption, every schedule replays identically', async () => {
  const loaded = loadConfig(counterProject(false));
  const result = await fuzz(loaded, { strategy: 'systematic', runs: 10, seed: 1 });
  assert.deepEqual(result.outcomes.map((o) => [o.preemptions, o.outcome]), [[0, 'pass'], [1, 'failed assertion'], [2, 'failed assertion']]);
  assert.deepEqual(result.systematic?.failure, { run: 2, preemptions: 1 });
  assert.equal(result.systematic?.complete, true);
  assert.match(result.systematic!.statement, /^a schedule with 1 preemption failed \(run 2 of 3\); every schedule with ≤ 0 preemptions before it passed$/);
  assert.equal(result.firstViolation?.strategy, 'systematic');
  for (const outcome of result.outcomes) {
    const run = { runDir: outcome.runDir, passed: outcome.outcome === 'pass', output: '', timedOut: false } as TracedRun;
    const { decisions } = await analyzeRun(run, 'systematic', outcome.seed);
    const recorded = { kind: outcome.outcome === 'pass' ? 'failed assertion' : outcome.outcome, seed: outcome.seed, strategy: 'systematic', decisions } as Violation;
    const again = await replay(loaded, { violation: recorded });
    assert.equal(again.sameDecisions, true, `schedule ${outcome.run} replayed other decisions: ${JSON.stringify(again.decisions)} vs ${JSON.stringify(decisions)}`);
    assert.equal(again.outcome, outcome.outcome, `schedule ${outcome.run}`);
  }
});

test('systematic: the fixed variant exhausts every schedule with no failure', async () => {
  const result = await fuzz(loadConfig(counterProject(true)), { strategy: 'systematic', runs: 10, seed: 1 });
  assert.equal(result.violations, 0, JSON.stringify(result.outcomes));
  assert.deepEqual(result.systematic?.byPreemptions, [1, 1, 1]);
  assert.equal(result.systematic?.statement, 'explored every schedule: 3 schedules, none needing more than 2 preemptions; no failure');
});
