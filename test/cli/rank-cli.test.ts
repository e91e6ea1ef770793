import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { exampleCopy } from '../helpers/example-copy.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { counterProject } from '../helpers/counter-project.ts';
import type { Report } from '../../src/core/report/report-types.ts';

test('rank on the 004 running example puts SA.func1 first (Table V), confirmed by a real violation', () => {
  // The integration test is the root (run-orders.ts): SA.run, which it calls, has depth 1 and
  // order 1, so SA.func1 has depth 2 and order 2 — Table V's 1/1 shifted by the test's level.
  // One rank with everything a user asks for at once: --json and --sarif files, the text on
  // stdout, and --exit-zero (npm start uses it: findings are the expected outcome there). Exit 1
  // on a confirmed violation without --exit-zero: the file-system race test below.
  const out = tempProject({});
  const [jsonFile, sarifFile] = [join(out, 'rank.json'), join(out, 'rank.sarif')];
  // A private copy: other test files read examples/running-example at the same time.
  const example = exampleCopy('running-example');
  const { status, stdout, stderr } = conlens(['rank', example, '--runs', '6', '--jobs', '2', '--json', jsonFile, '--sarif', sarifFile, '--exit-zero']);
  rmSync(example, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  assert.equal(status, 0, stderr);
  assert.match(stdout, /^1\. SA\.func1  src\/\S+:\d+  confirmed$/m);
  assert.doesNotMatch(stdout.slice(0, stdout.indexOf('conlens rank --explain')), /S_rate|\(0,1\)|case \d, /);
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as { positions: { rank: number; function: string; score: number; status: string; depth: number; order: number }[]; violations: { seed: number }[] };
  const first = report.positions[0];
  assert.equal(first.function, 'SA.func1');
  assert.equal(first.rank, 1);
  assert.equal(first.depth, 2);
  assert.equal(first.order, 2);
  assert.equal(first.score, 1);
  assert.equal(first.status, 'confirmed');
  assert.ok(report.violations.length >= 1);
  // --sarif: the same report as SARIF 2.1.0, one result per position and per reported violation.
  const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as { version: string; $schema: string; runs: { tool: { driver: { version: string } }; results: { ruleId: string }[] }[] };
  assert.equal(sarif.version, '2.1.0');
  assert.match(sarif.$schema, /sarif-2\.1\.0/);
  assert.match(sarif.runs[0].tool.driver.version, /^\d+\.\d+\.\d+/);
  assert.equal(sarif.runs[0].results.length, report.positions.length + report.violations.length);
  assert.equal(sarif.runs[0].results[0].ruleId, 'conlens/position-confirmed');
  assert.match(stderr, /conlens: call graph \(building the static call graph\)…[\s\S]*conlens: integration runs \(6 runs under the combined scheduler\)…[\s\S]*conlens: localize \(/);
});

test('rank refuses failing unit tests: reference invariants need a passing suite', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' } }),
    'src/a.ts': 'export const one = () => 1;',
    'test/a.test.ts': "import { test } from 'node:test'; import assert from 'node:assert'; import { one } from '../src/a.ts'; test('x', () => assert.equal(one(), 2));",
  });
  const { status, stderr } = conlens(['rank', root, '--runs', '1', '--exit-zero']);
  assert.equal(status, 2, 'errors exit 2 even with --exit-zero');
  assert.match(stderr, /the unit tests failed .*reference invariants need a passing sequential suite/);
});

test('one test file for both (many tests per file): the unit run\'s failing test is left out of the reference, by name, and the rest is the reference', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' } }),
    'src/tally.ts': 'export class Tally {\n  n = 0;\n  async add(): Promise<void> {\n    const v = this.n;\n    await new Promise((r) => setTimeout(r, 1));\n    this.n = v + 1;\n  }\n}\n',
    'test/tally.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Tally } from '../src/tally.ts';
test('adds one', async () => { const t = new Tally(); await t.add(); assert.equal(t.n, 1); });
test('adds twice in turn', async () => { const t = new Tally(); await t.add(); await t.add(); assert.equal(t.n, 2); });
test('two adds at once', async () => { const t = new Tally(); await Promise.all([t.add(), t.add()]); assert.equal(t.n, 2); });
`,
  });
  const json = join(root, 'report.json');
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '2', '--json', json]);
  assert.equal(status, 1, stdout + stderr);
  const warning = /1 of 3 unit tests failed \(.*\): "two adds at once" \(test\/tally\.test\.ts:6\); the reference invariants come from the 2 that passed/;
  assert.match(stderr, warning);
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  assert.ok(report.warnings.some((w) => warning.test(w)), JSON.stringify(report.warnings));
  assert.equal(report.positions[0].function, 'Tally.add');
  assert.equal(report.positions[0].status, 'confirmed');
  // A project outside the current folder: its report's path in full, as the replay lines give it.
  assert.ok(stdout.includes(`\nreport: ${join(root, '.conlens', 'report.json')}\n`), stdout.slice(-300));
});

test('rank refuses a configuration without unit tests, naming the file and what to add', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: 'node --test test/*.test.ts' } }),
    'src/a.ts': 'export const one = () => 1;',
  });
  const { status, stderr } = conlens(['rank', root, '--runs', '1']);
  assert.equal(status, 2);
  assert.match(stderr, /conlens\.config\.json: no "unit" command: reference invariants come from a passing sequential suite; add \{ "unit": \{ "command": "…" \} \}/);
});

test('integration tests that ran no concurrent work checked no interleaving: said plainly, exit 2 even with --exit-zero (issue 29)', () => {
  const root = counterProject("test('one after the other', async () => { const c = new Counter(); await c.inc(1); await c.inc(2); });\n");
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '2', '--jobs', '2', '--exit-zero', '--json', join(root, 'rank.json')]);
  assert.equal(status, 2, stdout + stderr);
  assert.match(stdout, /^Not checked: concurrent calls of Counter\.inc \(what the integration tests call\)\.\n {2}why: the integration tests ran no concurrent work: in 2 integration runs \(2 test processes\) no async call ran on while its caller went on and no two calls of the tests overlapped, so there was no interleaving to try\.\n {2}to check it: start the work concurrently in the integration tests, e\.g\. await Promise\.all\(\[a\(\), b\(\)\]\)/);
  assert.doesNotMatch(stdout, /No suspicious position/);
  const report = JSON.parse(readFileSync(join(root, 'rank.json'), 'utf8')) as { outcome: string; notChecked: { why: string } };
  assert.equal(report.outcome, 'not-checked');
  assert.match(report.notChecked.why, /ran no concurrent work/);
});

test('a failing run with no object state (a file-system race) still ranks positions and exits 1 (issue 14)', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' }, integration: { command: 'node --test test/integration.test.ts' } }),
    'src/dirs.ts': "import { mkdir, stat } from 'node:fs/promises';\n" +
      'export async function exists(path: string): Promise<boolean> {\n  try {\n    await stat(path);\n    return true;\n  } catch {\n    return false;\n  }\n}\n' +
      'export async function ensureDir(path: string): Promise<void> {\n  if (!(await exists(path))) await mkdir(path);\n}\n',
    'test/unit.test.ts': "import { test } from 'node:test'; import { rmSync } from 'node:fs'; import { join } from 'node:path'; import { ensureDir } from '../src/dirs.ts';\n" +
      "test('ensureDir', async () => { const d = join(process.cwd(), 'out'); rmSync(d, { recursive: true, force: true }); await ensureDir(d); await ensureDir(d); });\n",
    'test/integration.test.ts': "import { test } from 'node:test'; import { rmSync } from 'node:fs'; import { join } from 'node:path'; import { ensureDir } from '../src/dirs.ts';\n" +
      "test('two at once', async () => { const d = join(process.cwd(), 'out'); rmSync(d, { recursive: true, force: true }); await Promise.all([ensureDir(d), ensureDir(d)]); });\n",
  });
  // The text on stdout and the JSON in a file, from one rank (--exit-zero: the running-example test).
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '6', '--jobs', '2', '--json', join(root, 'rank.json')]);
  const report = JSON.parse(readFileSync(join(root, 'rank.json'), 'utf8')) as { positions: { rank: number; function: string; confirmed: boolean }[]; summary: { violations: number }; violations: { kind: string; message: string; story?: string }[] };
  assert.ok(report.summary.violations > 0, `no run failed:\n${stderr}`);
  assert.equal(status, 1, 'a confirmed violation exits 1');
  assert.ok(report.positions.length > 0, 'a failing run always yields positions');
  assert.ok(report.positions.some((p) => p.confirmed && (p.function === 'ensureDir' || p.function === 'exists')), JSON.stringify(report.positions));
  assert.equal(report.violations[0].kind, 'exception');
  assert.match(report.violations[0].message, /EEXIST/);
  assert.ok(report.violations[0].story, 'each violation has its story');
  assert.doesNotMatch(stdout, /No suspicious position/);
  assert.match(stdout, /^Failure: exception — .*EEXIST/m);
});

// A counter whose lost update the test never checks: invariants may drift, no run fails. One rank
// (--progress json, the report in a file, no --exit-zero) serves the next two tests.
let driftRank: { root: string; status: number | null; stderr: string } | undefined;
function rankDrift(): NonNullable<typeof driftRank> {
  if (driftRank) return driftRank;
  const root = counterProject("test('two at once', async () => { const c = new Counter(); await Promise.all([c.inc(1), c.inc(2)]); });\n");
  const { status, stderr } = conlens(['rank', root, '--runs', '2', '--jobs', '2', '--progress', 'json', '--json', join(root, 'rank.json')]);
  return (driftRank = { root, status, stderr });
}

test('drift alone exits 0: nothing failed', () => {
  const { root, status, stderr } = rankDrift();
  const report = JSON.parse(readFileSync(join(root, 'rank.json'), 'utf8')) as { outcome: string; summary: { violations: number } };
  assert.equal(report.summary.violations, 0, stderr);
  assert.equal(report.outcome, 'checked');
  assert.equal(status, 0, stderr);
});

test('an integration run that hangs is reported (warning and violation) and the ranking goes on', () => {
  const root = counterProject(
    "test('lost update, then a hang', async () => { const c = new Counter(); await Promise.all([c.inc(1), c.inc(2)]); await new Promise((r) => setTimeout(r, 600_000)); });\n",
    { timeoutMs: 8000 },
  );
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '1', '--exit-zero', '--json', '-']);
  assert.equal(status, 0, stderr);
  const report = JSON.parse(stdout) as { warnings: string[]; violations: { kind: string }[]; summary: { violations: number } };
  assert.match(stderr, /conlens: warning: 1 of 1 integration runs hung \(seeds 1\): reported as violations/);
  assert.equal(report.summary.violations, 1);
  assert.equal(report.violations[0].kind, 'hang');
  assert.equal(report.warnings.length, 1);
});

test('--progress json: one JSON line per stage on stderr, percent rising, then the result with the report path', () => {
  const { root, status, stderr } = rankDrift();
  assert.equal(status, 0, stderr);
  const lines = stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { type: string; stage?: string; message?: string; percent?: number; report?: string });
  const progress = lines.filter((l) => l.type === 'progress');
  assert.deepEqual([...new Set(progress.map((l) => l.stage))], ['call graph', 'unit runs', 'reference invariants', 'integration runs', 'online invariants', 'localize']);
  for (const l of progress) {
    assert.deepEqual(Object.keys(l).sort(), ['message', 'percent', 'stage', 'type']);
    assert.ok(typeof l.message === 'string' && l.message.length > 0);
  }
  const percents = progress.map((l) => l.percent!);
  assert.deepEqual(percents, [...percents].sort((a, b) => a - b), 'percent never goes down');
  assert.ok(percents[0] >= 0 && percents[percents.length - 1] <= 100);
  assert.equal(progress.filter((l) => l.stage === 'integration runs' && /^run \d\/2/.test(l.message!)).length, 2);
  const result = lines[lines.length - 1];
  assert.equal(result.type, 'result');
  assert.equal(result.report, join(root, '.conlens', 'report.json'));
  assert.equal((result as { outcome?: string }).outcome, 'checked');
  assert.doesNotMatch(stderr, /^conlens: call graph/m, 'no text progress lines with --progress json');
  assert.equal(conlens(['rank', root, '--progress', 'xml']).status, 2);
});

test('two tests in one file (issue 31): rank 1 is the racy function, and neither ranking nor story mentions the passing test\'s', () => {
  const root = exampleCopy('box-office');
  try {
    const jsonFile = join(root, 'rank.json');
    const { status, stdout, stderr } = conlens(['rank', root, '--runs', '4', '--jobs', '2', '--json', jsonFile]);
    assert.equal(status, 1, stderr);
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as Report;
    assert.equal(report.positions[0]?.function, 'BoxOffice.sell');
    assert.deepEqual(report.failingTests, [{ name: 'two sales at the same time are both counted', file: 'test/integration/box-office.test.ts', line: 7 }]);
    assert.ok(report.violations.length > 0);
    for (const v of report.violations) {
      assert.deepEqual(v.testCases?.map((t) => t.name), ['two sales at the same time are both counted']);
      assert.doesNotMatch(JSON.stringify({ story: v.story, trace: v.trace, implicated: v.implicated }), /SeatLabels/);
    }
    assert.ok(!report.positions.some((p) => p.function.startsWith('SeatLabels')), report.positions.map((p) => p.function).join(', '));
    assert.match(stdout, /failing test \(the ranking and stories use only its events\):\n {2}"two sales at the same time are both counted" \(test\/integration\/box-office\.test\.ts:7\)/);
    // --test narrows the runs to the matching tests: the labels test alone never fails.
    const labels = conlens(['fuzz', root, '--runs', '2', '--test', 'seat labels', '--json', '-']);
    assert.equal(labels.status, 0, labels.stderr);
    assert.equal((JSON.parse(labels.stdout) as { violations: number }).violations, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('unit tests that do not finish within timeoutMs before calling anything: exit 2, naming timeoutMs and its file, both causes', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' }, integration: { command: 'node --test test/unit.test.ts' }, timeoutMs: 1500 }),
    'src/a.ts': 'export const one = () => 1;\n',
    'test/unit.test.ts': "import { test } from 'node:test';\nimport { one } from '../src/a.ts';\ntest('waits', async () => { setInterval(() => {}, 100); await new Promise(() => {}); one(); });\n",
  });
  const { status, stderr } = conlens(['rank', root, '--runs', '1']);
  assert.equal(status, 2, stderr);
  assert.match(stderr, /the unit tests did not finish within timeoutMs \(1500 ms, \S*conlens\.config\.json\) and called no instrumented function before they were stopped .*If they need longer, raise timeoutMs; if they hang, fix that first/);
});
