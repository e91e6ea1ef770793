// The systematic strategy on a real project (issue 32): the preemption-bounded search finds a bug
// that needs one preemption at the fewest preemptions, the fixed variant exhausts every schedule,
// and every explored schedule replays from its decision list with the same decisions and outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/core/config/index.ts';
import { analyzeRun, fuzz, replay, type Violation } from '../../src/core/active/index.ts';
import type { TracedRun } from '../../src/core/trace/run-traced.ts';
import { counterProject } from '../helpers/systematic-counter.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('systematic: the bug at one preemption, every schedule replays identically', async () => {
  const loaded = loadConfig(counterProject(false));
  const result = await fuzz(loaded, { strategy: 'systematic', runs: 10, seed: 1 });
  assert.deepEqual(result.outcomes.map((o) => [o.preemptions, o.outcome]), [[0, 'pass'], [1, 'failed assertion'], [2, 'failed assertion']]);
  assert.deepEqual(result.systematic?.failure, { run: 2, preemptions: 1 });
  assert.equal(result.systematic?.complete, true);
  assert.match(result.systematic!.statement, /^a schedule with 1 preemption failed \(run 2 of 3\); every schedule with no preemption before it passed$/);
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

// Trial 19's p2d: two steps that each queue a setImmediate touch no shared field, yet swapping
// them swaps their callbacks (the immediates run FIFO). The reduction called them independent,
// left the swap out and said "explored every schedule … no failure" on a bug one preemption
// shows. Each queue write is now a dependence (explored-steps.ts LOOP).
const journal = `export class Journal {
  readonly lines: string[] = [];
  /** store: where a record goes (the tests give a fake that settles at once). */
  constructor(private readonly store: (line: string) => Promise<void>) {}
  /** Keeps the line once its record is stored, on the next turn of the loop. */
  async append(line: string): Promise<void> {
    await this.store(line);
    setImmediate(() => this.lines.push(line));
  }
}
`;

test('systematic: two steps that each queue a setImmediate are not independent (the swap that fails is explored)', async () => {
  const dir = tempProject({
    'package.json': '{ "name": "journal", "type": "module", "private": true }\n',
    'conlens.config.json': '{ "include": ["src/**/*.ts"], "unit": { "command": "node --test test/unit/journal.test.ts" }, "integration": { "command": "node --test test/integration/journal.test.ts", "runs": 10 } }\n',
    'src/journal.ts': journal,
    'test/unit/journal.test.ts': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { Journal } from '../../src/journal.ts';\n\ntest('one line', async () => {\n  const j = new Journal(async () => {});\n  await j.append('a');\n  await new Promise((r) => setImmediate(r));\n  assert.deepEqual(j.lines, ['a']);\n});\n",
    // The order the lines were asked in is the order they are kept: what the test expects, and
    // what a store that takes longer for the first line breaks (the mocked-I/O model).
    'test/integration/journal.test.ts': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { Journal } from '../../src/journal.ts';\n\ntest('two lines keep their order', async () => {\n  const j = new Journal(async () => {});\n  await Promise.all([j.append('a'), j.append('b')]);\n  await new Promise((r) => setImmediate(r));\n  assert.deepEqual(j.lines, ['a', 'b']);\n});\n",
  });
  const result = await fuzz(loadConfig(dir), { strategy: 'systematic', runs: 10, seed: 1 });
  assert.equal(result.systematic?.failure?.preemptions, 1, `${result.systematic?.statement}\n${JSON.stringify(result.outcomes.map((o) => [o.preemptions, o.outcome]))}`);
});
