// `conlens isolate` as a user runs it (issue 30, Choi & Zeller): on the running example, whose
// failure needs one preemption (Node's own order passes), a failing random run's schedule is
// narrowed to that one preemption, told in the user's words, with the function it suspended —
// the fault, SA.func1 — and a replayable minimal violation.json. On an example that fails in
// Node's own order too, isolation says so plainly and exits 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { exampleCopy, removeCopy } from '../helpers/example-copy.ts';
import { tempProject } from '../helpers/temp-project.ts';

function failingRun(dir: string): string {
  const fuzzed = conlens(['fuzz', dir, '--runs', '10', '--stop-at-first', '--json', join(dir, 'fuzz.json')]);
  assert.equal(fuzzed.status, 1, fuzzed.stdout + fuzzed.stderr);
  const file = JSON.parse(readFileSync(join(dir, 'fuzz.json'), 'utf8')).outcomes.find((o: { violationFile?: string }) => o.violationFile)?.violationFile;
  assert.ok(file, fuzzed.stdout);
  return file;
}

test('isolate narrows a failing schedule to the one preemption and names the function it suspended', () => {
  const dir = exampleCopy('running-example');
  try {
    const json = join(dir, 'isolate.json');
    const isolated = conlens(['isolate', failingRun(dir), dir, '--json', json]);
    assert.equal(isolated.status, 0, isolated.stdout + isolated.stderr);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(result.status, 'isolated');
    assert.equal(result.passing, 'node-order');
    assert.equal(result.minimal.length, 1, JSON.stringify(result.minimal));
    assert.ok(result.differences >= 1);
    assert.ok(result.candidates <= 16 && result.replays === result.candidates + 2, JSON.stringify(result));
    assert.equal(result.suspended.function, 'SA.func1');
    assert.match(result.story, /^the failure needs only this: T\d ran SB\.\w+ line \d+ \(.*writes `x`.*\) between T\d's .* and its resumption at src\/sa\.ts:\d+$/);
    assert.match(isolated.stdout, /narrowed to 1 in \d+ replays/);
    assert.match(isolated.stdout, /the function it suspended: SA\.func1 \(src\/sa\.ts:\d+\)/);
    assert.ok(existsSync(result.violationFile));
    // The minimal schedule replays to the same failure.
    const replayed = conlens(['replay', result.violationFile, dir]);
    assert.equal(replayed.status, 0, replayed.stdout + replayed.stderr);
  } finally {
    removeCopy(dir);
  }
});

test('isolate on a failure Node\'s own order shows too: skipped, said plainly, exit 1', () => {
  const dir = exampleCopy('account');
  try {
    const violation = failingRun(dir);
    const isolated = conlens(['isolate', violation, dir]);
    assert.equal(isolated.status, 1, isolated.stdout + isolated.stderr);
    // The replay command a report prints works from any folder: the project is the one whose
    // .conlens/ holds the file (here the command runs in the repository, which has no config).
    const replayed = conlens(['replay', violation]);
    assert.equal(replayed.status, 0, replayed.stdout + replayed.stderr);
    assert.match(replayed.stdout, /reproduced/);
    assert.match(isolated.stdout, /schedule isolation skipped: Node's own order fails too \(failed assertion\) and no run passed: no passing schedule to compare with — the failure does not need a preemption \(2 replays\)/);
    const usage = conlens(['isolate', dir]);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /give the violation\.json of a failing run/);
  } finally {
    removeCopy(dir);
  }
});

test('a failing run whose mock latency is Math.random() replays with the same schedule: the run\'s random draws follow its seed', () => {
  // A trial's replays all said "the schedule differed": its fake network slept 1–4 ms at random,
  // so the timers' order changed from run to run of one seed.
  const dir = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' }, integration: { command: 'node --test test/integration.test.ts' } }),
    'src/tally.ts': `const latency = () => new Promise<void>((resolve) => setTimeout(resolve, 1 + Math.random() * 3));
export class Tally {
  n = 0;
  async add(): Promise<void> {
    const seen = this.n;
    await latency();
    this.n = seen + 1;
  }
}
`,
    'test/unit.test.ts': "import { test } from 'node:test'; import assert from 'node:assert'; import { Tally } from '../src/tally.ts';\ntest('adds', async () => { const t = new Tally(); await t.add(); await t.add(); assert.equal(t.n, 2); });\n",
    'test/integration.test.ts': "import { test } from 'node:test'; import assert from 'node:assert'; import { Tally } from '../src/tally.ts';\ntest('four adds at once', async () => { const t = new Tally(); await Promise.all([t.add(), t.add(), t.add(), t.add()]); assert.equal(t.n, 4); });\n",
  });
  const violation = failingRun(dir);
  for (let i = 0; i < 2; i++) {
    const replayed = conlens(['replay', violation, dir]);
    assert.equal(replayed.status, 0, replayed.stdout + replayed.stderr);
    assert.match(replayed.stdout, /the schedule was identical/);
    assert.match(replayed.stdout, /^failing test: "four adds at once" \(test\/integration\.test\.ts:2\)$/m);
    assert.doesNotMatch(replayed.stdout, /the recorded run's failing test/);
  }
});
