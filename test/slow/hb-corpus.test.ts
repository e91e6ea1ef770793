// The happens-before corpus (test/runtime/hb-corpus) over 100 seeds per program (50 in CI) under the default
// strategy (issue 20): no order Node guarantees is ever broken, the scheduler takes decisions on
// every program (each has two or more pending callbacks), and where Node leaves the order free
// the runs show more than one order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCorpus } from '../helpers/hb-corpus.ts';
import { FULL_SWEEP } from '../helpers/sweep.ts';

// CI's slow tier runs 50 seeds (stop 55, CI near its limit), the full sweep 100.
const SEEDS = FULL_SWEEP ? 100 : 50;

test(`happens-before corpus: ${SEEDS} seeds per program, 0 broken checks, decisions on every program`, async () => {
  const seeds = Array.from({ length: SEEDS }, (_, i) => i + 1);
  const stats = await runCorpus(seeds);
  assert.ok(stats.size >= 30, `${stats.size} programs`);
  const broken = [...stats].flatMap(([name, s]) => s.broken.map((b) => `${name}: ${b}`));
  assert.deepEqual(broken, []);
  for (const [name, s] of stats) {
    assert.equal(s.runs, SEEDS, name);
    assert.equal(s.undecided, 0, `${name}: a run without decisions`);
  }
  for (const name of ['sharedCounterCallbacks', 'racingSources', 'fsMkdirThenStat']) {
    assert.ok(stats.get(name)!.orders.size >= 2, `${name}: one order in ${SEEDS} seeds`);
  }
});
