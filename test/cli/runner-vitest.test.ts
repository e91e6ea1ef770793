// issue 15, Vitest half, end to end: the examples in test/runners/vitest/ (the same src/ as
// examples/<name>, their tests importing `test` from 'vitest', their commands `npx vitest run …`)
// are traced through the CLI as the node:test examples are — the Vite plugin instruments the code
// Vite loads, no vitest.config.* edited. Fuzz, replay, deadlock and rank under Vitest: the slow
// tier (test/slow/runner-cli.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';
import { RUNNER_FIXTURES, withToolTestInConlens, tracePoints, runEntryTraced } from '../helpers/runner-fixtures.ts';
import { exampleCopy, projectCopy } from '../helpers/example-copy.ts';

const FIXTURES = RUNNER_FIXTURES.vitest;
const EXAMPLES = join(REPO, 'examples');

for (const name of ['account', 'bank-transfer']) {
  test(`${name}: the Vitest fixture runs the example's own source`, () => {
    for (const variant of ['', 'fixed']) {
      const src = join(EXAMPLES, name, variant, 'src');
      for (const file of readdirSync(src)) {
        assert.equal(readFileSync(join(FIXTURES, name, variant, 'src', file), 'utf8'), readFileSync(join(src, file), 'utf8'), `${name}/${variant}/src/${file} drifted from examples/`);
      }
    }
  });
}

test('trace under Vitest records the same program points as under node:test', () => {
  const vitest = tracePoints(join(FIXTURES, 'account'));
  assert.ok(vitest.length > 0, 'no program point under Vitest');
  // A private copy: other files run commands on examples/account at the same time.
  const example = exampleCopy('account');
  try {
    assert.deepEqual(vitest, tracePoints(example));
  } finally {
    rmSync(example, { recursive: true, force: true });
  }
});

test('trace under Vitest records each test case, with its line and outcome (issue 31)', () => {
  const root = projectCopy(join(FIXTURES, 'account'));
  try {
    const { status, stdout, stderr } = conlens(['trace', root, '--tests', 'integration']);
    assert.equal(status, 1, stdout + stderr);
    const runs = join(root, '.conlens', 'runs');
    const events = readdirSync(runs).flatMap((run) => readdirSync(join(runs, run)).filter((f) => f.startsWith('trace-')).flatMap((f) => readFileSync(join(runs, run, f), 'utf8').split('\n').filter((l) => l.includes('"e":"test"'))));
    const tests = events.map((l) => JSON.parse(l) as { k: string; name: string; line?: number; ok?: boolean });
    assert.deepEqual(tests.map((t) => t.k), ['begin', 'end']);
    assert.equal(tests[0].name, tests[1].name);
    assert.equal(tests[1].ok, false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("tests conlens left in .conlens/ stay out of a traced run of the user's plain `vitest run`", () => {
  // Vitest's default include (every *.test.ts), not the fixture's test/**.
  const dir = withToolTestInConlens(join(FIXTURES, 'account'), 'npx vitest run', ['vitest.config.ts', "export default { test: { exclude: ['**/node_modules/**', '**/fixed/**'] } };\n"]);
  try {
    const traced = conlens(['trace', dir, '--tests', 'unit']);
    assert.equal(traced.status, 0, traced.stdout + traced.stderr);
    assert.doesNotMatch(traced.stdout + traced.stderr, /left-behind/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a command that names tests conlens wrote in .conlens/ runs them even when the config\'s include leaves .conlens/ out (rank\'s synthesized suite)', () => {
  // The fixture's vitest.config.ts includes only test/**/*.test.ts.
  const dir = withToolTestInConlens(join(FIXTURES, 'account'), 'npx vitest run .conlens/synth/synth-01-left-behind.test.ts');
  try {
    const { status, output } = runEntryTraced(dir, 'vitest-run.mjs', ['run', '.conlens/synth/synth-01-left-behind.test.ts']);
    assert.doesNotMatch(output, /No test files found/);
    assert.match(output, /a synthesized test that fails/);
    assert.equal(status, 1, 'the named test fails by design');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the threads pool (Vitest 1's default): each worker thread's trace ends with an end record, and has the forks pool's calls", () => {
  // Vitest terminates its worker threads, which runs no exit handler in them: vitest-run.ts
  // writes their end records when Vitest's own process exits, so no trace reads as cut short.
  const dir = projectCopy(join(FIXTURES, 'account'));
  try {
    const configPath = join(dir, 'conlens.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { unit: { command: string } };
    config.unit.command = 'npx vitest run --pool threads test/unit';
    writeFileSync(configPath, JSON.stringify(config));
    const traced = conlens(['trace', dir, '--tests', 'unit', '--out', join(dir, '.conlens', 'threads')]);
    assert.equal(traced.status, 0, traced.stdout + traced.stderr);
    assert.doesNotMatch(traced.stdout + traced.stderr, /truncated/);
    const files = readdirSync(join(dir, '.conlens', 'threads')).filter((f) => /^trace-\d+-\d+\.jsonl$/.test(f));
    assert.ok(files.length > 0, 'no worker thread trace');
    for (const file of files) {
      const lines = readFileSync(join(dir, '.conlens', 'threads', file), 'utf8').trimEnd().split('\n');
      const end = JSON.parse(lines.at(-1)!) as { e: string; events: number };
      assert.equal(end.e, 'end', file);
      assert.equal(end.events, lines.length, file);
    }
    assert.match(traced.stdout, /5 program points, 51 calls/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The account fixture with `files` added (paths in the project) and `test` as the integration
 *  command's only test file, given to `fn`; removed after. */
function withIntegrationTest(files: Record<string, string>, testFile: string, fn: (dir: string) => void): void {
  const dir = projectCopy(join(FIXTURES, 'account'));
  try {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    const configPath = join(dir, 'conlens.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { integration: { command: string } };
    config.integration.command = `npx vitest run ${testFile}`;
    writeFileSync(configPath, JSON.stringify(config));
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A scheduled run is slower than a plain one, and Vitest's time limit runs on the real clock: a
// correct test full of awaits that ran out of it while still working failed, with a story of a
// foreign write, and would have been a confirmed finding. It is "out of time" now, not counted,
// and with every run out of time nothing was checked (exit 2).
test("a correct test that runs out of Vitest's time limit under the scheduler while still working is no failure", () => {
  const pipeline = `export class Pipeline {
  queue: number[] = [];
  done: number[] = [];
  async step(x: number): Promise<number> { await null; await Promise.resolve(); return x * 2; }
  async worker(): Promise<void> {
    while (this.queue.length) { const x = this.queue.shift()!; this.done.push(await this.step(x)); }
  }
  async run(n: number): Promise<number> { await Promise.all(Array.from({ length: n }, () => this.worker())); return this.done.length; }
}
`;
  const heavy = `import { test, expect } from 'vitest';
import { Pipeline } from '../src/pipeline';
test('two workers process every item once', async () => {
  const p = new Pipeline();
  for (let i = 0; i < 20000; i++) p.queue.push(i);
  expect(await p.run(2)).toBe(20000);
}, 600);
`;
  withIntegrationTest({ 'src/pipeline.ts': pipeline, 'test/heavy.test.ts': heavy }, 'test/heavy.test.ts', (dir) => {
    const plain = conlens(['check', dir, '--runs', '1']);
    assert.equal(plain.status, 0, `plainly the test passes within its limit: ${plain.stdout}${plain.stderr}`);
    const { status, stdout, stderr } = conlens(['fuzz', dir, '--runs', '1']);
    assert.equal(status, 2, stdout + stderr);
    assert.match(stdout, /run {3}1 .*out of time/);
    assert.match(stdout, /Not checked: .*\n {2}why: the integration run ran out of time before the tests ended: the test runner's time limit \("Test timed out in 600ms"\) ran out in "two workers process every item once" while the program was still working/);
  });
});

// …but a test that spends the limit waiting on its own timers (a poll for a state a lost update
// made unreachable) fails plainly too: under the scheduler it is still a failure.
test("a poll on timers that runs out of Vitest's time limit is still a failure under the scheduler", () => {
  const counter = `export class Counter {
  n = 0;
  async inc(): Promise<void> { const n = this.n; await new Promise((r) => setTimeout(r, 1)); this.n = n + 1; }
}
`;
  const poll = `import { test, expect } from 'vitest';
import { Counter } from '../src/counter';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
test('two increments are both seen', async () => {
  const c = new Counter();
  void c.inc(); void c.inc();
  while (c.n < 2) await sleep(10);
  expect(c.n).toBe(2);
}, 1500);
`;
  withIntegrationTest({ 'src/counter.ts': counter, 'test/poll.test.ts': poll }, 'test/poll.test.ts', (dir) => {
    const { status, stdout, stderr } = conlens(['fuzz', dir, '--runs', '1']);
    assert.equal(status, 1, stdout + stderr);
    assert.match(stdout, /run {3}1 .*exception .*Test timed out in 1500ms/);
  });
});

// Vitest's vmThreads pool runs each test file in a vm context with a Date and an Error of its own.
// The context's clock reads went unwatched (a Date busy wait between a 5 ms and a 1 ms timer let
// the 1 ms one fire first, an order no Node run makes), and the sites of callbacks registered
// there had the transformed code's lines (window.ts:32 in a 13-line file): stop 49.
test('under the vmThreads pool, clock reads keep Node\'s timer order and callback sites keep the source\'s lines', () => {
  const dir = projectCopy(join(FIXTURES, 'vm-pool'));
  try {
    const ordered = conlens(['fuzz', dir, '--strategy', 'random', '--runs', '3', '--test', 'armed first', '--json', '-']);
    const report = JSON.parse(ordered.stdout) as { violations: number; outcomes: unknown[] };
    assert.equal(report.outcomes.length, 3, ordered.stderr);
    assert.equal(report.violations, 0, ordered.stdout);
    const failing = conlens(['fuzz', dir, '--strategy', 'random', '--runs', '1', '--test', 'fails by design', '--json', '-']);
    const first = (JSON.parse(failing.stdout) as { outcomes: { violationFile?: string }[] }).outcomes[0];
    assert.ok(first.violationFile, failing.stdout + failing.stderr);
    const steps = (JSON.parse(readFileSync(first.violationFile, 'utf8')) as { schedule: { file: string; line: number; event: string }[] }).schedule;
    const armed = steps.filter((s) => s.event.startsWith('arms the setTimeout')).map((s) => `${s.file}:${s.line}`);
    assert.deepEqual(armed, ['src/window.ts:6', 'src/window.ts:11']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
