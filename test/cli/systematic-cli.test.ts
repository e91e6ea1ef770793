// `conlens fuzz --strategy systematic` as a user runs it (issue 32): on a bug that needs one
// preemption it fails with the schedule and exit 1; on the fixed variant it states the exhausted
// bound, in the output and the JSON, and exits 0; what it cannot do is a clear usage error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { counterProject } from '../helpers/systematic-counter.ts';

test('fuzz --strategy systematic finds the bug, and on the fixed variant reports the exhausted bound with exit 0', () => {
  const buggy = counterProject(false);
  const found = conlens(['fuzz', buggy, '--strategy', 'systematic', '--stop-at-first']);
  assert.equal(found.status, 1, found.stdout + found.stderr);
  assert.match(found.stdout, /run {3}2 .*failed assertion.* 1 preemption /);
  assert.match(found.stdout, /^a schedule with 1 preemption failed \(run 2 of 2\); every schedule with no preemption before it passed$/m);
  assert.match(found.stdout, /replay: conlens replay .*violation\.json/);

  const fixed = counterProject(true);
  const json = join(fixed, 'result.json');
  const clean = conlens(['fuzz', fixed, '--strategy', 'systematic', '--preemptions', '1', '--json', json]);
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /^explored every schedule with ≤ 1 preemption \(2 schedules\): no failure$/m);
  const result = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(result.systematic.exhausted, 1);
  assert.equal(result.systematic.statement, 'explored every schedule with ≤ 1 preemption (2 schedules): no failure');

  const short = conlens(['fuzz', fixed, '--strategy', 'systematic', '--runs', '2']);
  assert.equal(short.status, 0, short.stdout + short.stderr);
  assert.match(short.stdout, /explored every schedule with ≤ 1 preemption \(2 schedules\): no failure; the run budget ran out before the bound of 2 was exhausted \(0 of 1 schedules with 2 preemptions run\)/);
});

test('systematic cannot be sharded nor replayed from a seed: usage errors that say what to do', () => {
  const project = counterProject(true);
  const sharded = conlens(['fuzz', project, '--strategy', 'systematic', '--shard', '1/2']);
  assert.equal(sharded.status, 2);
  assert.match(sharded.stderr, /--shard cannot split a systematic search/);
  const seeded = conlens(['replay', project, '--strategy', 'systematic', '--seed', '1']);
  assert.equal(seeded.status, 2);
  assert.match(seeded.stderr, /replays from its violation\.json/);
  const bound = conlens(['fuzz', project, '--strategy', 'systematic', '--preemptions', 'x']);
  assert.equal(bound.status, 2);
  assert.match(bound.stderr, /--preemptions must be a whole number/);
});

test('rank with its default strategy (combined) finds the bug at one preemption; on the fixed variant it states the guarantee', () => {
  const buggy = counterProject(false);
  const found = conlens(['rank', buggy, '--json', join(buggy, 'report.json')]);
  assert.equal(found.status, 1, found.stdout + found.stderr);
  const report = JSON.parse(readFileSync(join(buggy, 'report.json'), 'utf8'));
  assert.equal(report.strategy, 'combined');
  // The search's levels (1, 1 and 1 schedules) fit in the 10 runs: 3 schedules, then 7 random runs.
  assert.equal(report.exploration.statement, 'a schedule with 1 preemption failed (run 2 of 3); every schedule with no preemption before it passed; then 7 random runs (seeds 4…10): ' + (report.exploration.random.failure ? `run ${report.exploration.random.failure.run} (seed ${report.exploration.random.failure.seed}) failed` : 'no failure'));
  assert.deepEqual(report.violations[0].search, { schedule: 2, preemptions: 1, bound: 2 });
  assert.match(found.stdout, /a schedule with 1 preemption failed \(run 2 of 3\)/);

  const fixed = counterProject(true);
  const clean = conlens(['rank', fixed, '--json', join(fixed, 'report.json')]);
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /explored every schedule: 3 schedules, none needing more than 2 preemptions; no failure; then 7 random runs \(seeds 4…10\): no failure/);
  assert.equal(JSON.parse(readFileSync(join(fixed, 'report.json'), 'utf8')).exploration.complete, true);
});
