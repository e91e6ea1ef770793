// The happens-before corpus under the controlled scheduler (issue 20), a few seeds; the 100-seed
// sweep is test/slow/hb-corpus.test.ts. Every program keeps every order Node guarantees, and the
// scheduler takes decisions on each (every program has two or more pending callbacks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCorpus } from '../helpers/hb-corpus.ts';

test('happens-before corpus: no order check broken, decisions on every program (3 seeds)', async () => {
  const stats = await runCorpus([1, 2, 3]);
  assert.ok(stats.size >= 30, `${stats.size} programs`);
  for (const [name, s] of stats) {
    assert.deepEqual(s.broken, [], `${name} broke Node's order`);
    assert.equal(s.undecided, 0, `${name}: a run without decisions`);
  }
  // Where Node leaves the order free (I/O against I/O, a timer against an immediate it did not
  // register), the scheduler has two or more candidates to choose from.
  for (const name of ['sharedCounterCallbacks', 'racingSources', 'fsMkdirThenStat', 'httpConcurrentRequests']) {
    assert.ok(stats.get(name)!.choices > 0, `${name}: no decision with two candidates`);
  }
});
