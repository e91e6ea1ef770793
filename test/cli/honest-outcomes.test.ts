// Issue 29 point 4, end to end: a rank or fuzz that checked nothing concurrent — no integration
// run, no test executed, none of the code called — never prints an all-clear and never exits 0:
// it says what was not checked, why and what to do, and exits 2 (--exit-zero included); the JSON
// report and the SARIF say the same. (No concurrent work: rank-cli.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { counterProject } from '../helpers/counter-project.ts';

const INC = `export interface Store { n: number }
export async function inc(store: Store, by: number): Promise<number> {
  const seen = store.n;
  await Promise.resolve();
  store.n = seen + by;
  return store.n;
}
`;

test('rank where nothing can be synthesized (fixtures built by hand): not checked, exit 2 even with --exit-zero, in the text, report.json and SARIF', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' } }),
    'src/store.ts': INC,
    'test/unit.test.ts': "import { test } from 'node:test'; import assert from 'node:assert'; import { inc } from '../src/store.ts';\n" +
      "test('inc', async () => { const store = { n: 0 }; await inc(store, 1); await inc(store, 2); assert.equal(store.n, 3); });\n",
  });
  const sarifFile = join(root, 'rank.sarif');
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '2', '--exit-zero', '--sarif', sarifFile]);
  assert.equal(status, 2, stdout + stderr);
  // What was not checked comes first, in the user's words: the function, why, what to do.
  assert.match(stdout, /^Not checked: concurrent calls of inc \(what the unit tests call\)\.\n {2}why: no integration test ran: none could be synthesized from the unit tests \(1 candidate\(s\) skipped: an object \(Object\) the tests built themselves[^\n]*, and no "integration" command is configured\.\n {2}to check it: configure an "integration" command whose tests call them concurrently/);
  assert.doesNotMatch(stdout, /No suspicious position|detection rate|seeds 1…0/);
  const report = JSON.parse(readFileSync(join(root, '.conlens', 'report.json'), 'utf8')) as { outcome: string; notChecked: { what: string; why: string; todo: string }; runs: number; positions: unknown[] };
  assert.equal(report.outcome, 'not-checked');
  assert.equal(report.runs, 0);
  assert.deepEqual(report.positions, []);
  assert.equal(report.notChecked.what, 'concurrent calls of inc (what the unit tests call)');
  const run = (JSON.parse(readFileSync(sarifFile, 'utf8')) as { runs: { results: unknown[]; invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[]; properties: { outcome: string } }[] }).runs[0];
  assert.deepEqual(run.results, []);
  assert.equal(run.properties.outcome, 'not-checked');
  assert.equal(run.invocations[0].executionSuccessful, false);
  assert.equal(run.invocations[0].toolExecutionNotifications[0].level, 'error');
  assert.match(run.invocations[0].toolExecutionNotifications[0].message.text, /^Not checked: concurrent calls of inc .* Why: no integration test ran: .* To check it: configure an "integration" command/);
});

test('rank whose integration command executes no test (all skipped): not checked, in the runner\'s words, exit 2', () => {
  // The test file calls Counter.inc as it loads: instrumented code ran, but no test did.
  const root = counterProject("const shared = new Counter();\nawait shared.inc(1);\ntest.skip('two at once', async () => { await Promise.all([shared.inc(1), shared.inc(2)]); });\n");
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '1', '--json', join(root, 'rank.json')]);
  assert.equal(status, 2, stdout + stderr);
  assert.match(stdout, /^Not checked: concurrent calls of Counter\.inc \(what the integration tests call\)\.\n {2}why: the test runner executed no test in the 1 integration run \(it said "node:test: pass 0, fail 0, skipped 1"\)\.\n {2}to check it: make the integration command run at least one test/);
  assert.doesNotMatch(stdout, /No suspicious position|Suspicious positions in/);
  assert.equal((JSON.parse(readFileSync(join(root, 'rank.json'), 'utf8')) as { outcome: string }).outcome, 'not-checked');
});

test('fuzz whose runs execute no test: no detection rate, what was not checked and why, exit 2', () => {
  const root = counterProject("test.skip('two at once', async () => { const c = new Counter(); await Promise.all([c.inc(1), c.inc(2)]); });\n");
  const json = join(root, 'fuzz.json');
  const { status, stdout, stderr } = conlens(['fuzz', root, '--runs', '2', '--json', json]);
  assert.equal(status, 2, stdout + stderr);
  assert.match(stdout, /run {3}1 {2}seed 1 +pass .*\[called no instrumented function\]/);
  assert.match(stdout, /\nNot checked: the code under "include" \(src\/\*\*\)\.\n {2}why: the integration tests \(node --test test\/integration\.test\.ts\) called none of it in 2 integration runs \(the test runner said "node:test: pass 0, fail 0, skipped 1"\)\.\n {2}to check it: make the integration command run at least one test/);
  assert.doesNotMatch(stdout, /detection rate/);
  const result = JSON.parse(readFileSync(json, 'utf8')) as { outcome: string; notChecked: { why: string }; outcomes: { checked: { processes: number; concurrentProcesses: number; noTests?: string } }[] };
  assert.equal(result.outcome, 'not-checked');
  assert.deepEqual(result.outcomes[0].checked, { processes: 0, concurrentProcesses: 0, noTests: 'node:test: pass 0, fail 0, skipped 1' });
});

test('replay --seed of a run that executes no test: not checked, exit 2, as fuzz says it (trial16: a hung run exited 1 there)', () => {
  const root = counterProject("test.skip('two at once', async () => { const c = new Counter(); await Promise.all([c.inc(1), c.inc(2)]); });\n");
  const { status, stdout, stderr } = conlens(['replay', '--seed', '3', '--strategy', 'random', root]);
  assert.equal(status, 2, stdout + stderr);
  assert.match(stdout, /\nNot checked: the code under "include" \(src\/\*\*\)\.\n {2}why: the integration tests \(node --test test\/integration\.test\.ts\) called none of it in 1 integration run /);
});

test('replay that ends without the recorded failure says why it may not reproduce (trial18: "NOT reproduced … got pass" and nothing else)', () => {
  const root = counterProject("test('two counters', async () => { await Promise.all([new Counter().inc(1), new Counter().inc(2)]); });\n");
  const file = join(root, '.conlens', 'runs', 'recorded', 'violation.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ kind: 'assertion', message: 'a test failed', strategy: 'random', seed: 1, runDir: dirname(file), process: 'test/integration.test.ts', schedule: [], decisions: { 'test/integration.test.ts': ['1@1'] } }));
  const { status, stdout, stderr } = conlens(['replay', file]);
  assert.equal(status, 1, stdout + stderr);
  assert.match(stdout, /NOT reproduced: expected assertion, got pass\nthe schedule differed from the recorded one\nthe run did not reach the recorded interleaving \(timers or I\/O came in another order, so the decisions diverged\); replaying again may reproduce it\n/);
});
