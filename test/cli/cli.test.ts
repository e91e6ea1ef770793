import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, conlensBatch, REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

test('--help lists every subcommand and the exit codes', () => {
  const { status, stdout } = conlens(['--help']);
  assert.equal(status, 0);
  for (const name of ['rank', 'check', 'config', 'graph', 'trace']) assert.match(stdout, new RegExp(`^  ${name} `, 'm'));
  assert.match(stdout, /Exit codes: 0 checked and nothing confirmed \(ok\), 1 a confirmed finding[\s\S]*, 2 could not check \(usage,\s+configuration, nothing ran/);
  const [bare, other] = conlensBatch([[], ['-h']]);
  assert.equal(bare.stdout, stdout);
  assert.equal(other.stdout, stdout);
});

test('--version prints the package version', () => {
  assert.equal(conlens(['--version']).stdout.trim(), version);
  assert.equal(conlensBatch([['-v']])[0].stdout.trim(), version);
});

test('each subcommand has its own --help', () => {
  const names = ['check', 'config', 'graph', 'trace'];
  const results = conlensBatch(names.flatMap((name) => [[name, '--help'], ['help', name]]));
  names.forEach((name, i) => {
    const [{ status, stdout }, viaHelp] = results.slice(2 * i, 2 * i + 2);
    assert.equal(status, 0);
    assert.match(stdout, new RegExp(`^Usage: conlens ${name} `));
    assert.equal(viaHelp.stdout, stdout);
  });
});

test('usage errors exit 2 and point at the help', () => {
  const unknown = conlens(['frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
  const [badFlag, badRuns] = conlensBatch([['check', '--bogus'], ['check', '--runs', 'many']]);
  assert.equal(badFlag.status, 2);
  assert.match(badFlag.stderr, /Unknown option '--bogus'[\s\S]*conlens check --help/);
  assert.equal(badRuns.status, 2);
  assert.match(badRuns.stderr, /--runs must be a whole number ≥ 1, got "many"/);
});

test('a broken conlens.config.json gives exit 2 and file:line:column: path: what to fix', () => {
  const root = tempProject({
    'conlens.config.json': '{\n  "unit": { "command": "node --test" },\n  "integration": { "command": "node --test", "runs": -3 },\n  "timeout": 5\n}\n',
  });
  const { status, stderr } = conlens(['config', root]);
  assert.equal(status, 2);
  const file = join(root, 'conlens.config.json');
  assert.ok(stderr.includes(`${file}:3:54: integration.runs: must be >= 1 — expected how many times the integration command runs`), stderr);
  assert.ok(stderr.includes(`warning: ${file}:4:3: timeout: unknown key "timeout" is ignored; did you mean "timeoutMs"?`), stderr);
});

test('config prints the effective configuration, also as JSON', () => {
  const root = tempProject({ 'conlens.config.json': '{ "unit": { "command": "node --test test/*.ts" } }', 'test/a.test.ts': '', 'src/a.ts': '' });
  const [text, json] = conlensBatch([['config', root], ['config', root, '--json']]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /conlens.config.json: valid/);
  assert.match(text.stdout, /timeoutMs +30000/);
  const parsed = JSON.parse(json.stdout) as { config: { include: string[] } };
  assert.deepEqual(parsed.config.include, ['src/**']);
});

test('config checks each command without running it: a glob that matches nothing, a program that does not exist, npx of a package not installed (exit 2, file and what to fix)', () => {
  const config = (unit: string, integration: string) => JSON.stringify({ unit: { command: unit }, integration: { command: integration } });
  const glob = tempProject({ 'conlens.config.json': config('node --test test/unti/*.test.ts', 'node --test test/*.test.ts'), 'test/a.test.ts': '', 'src/a.ts': '' });
  const program = tempProject({ 'conlens.config.json': config('node --test test/*.test.ts', 'vitset run test'), 'test/a.test.ts': '', 'src/a.ts': '' });
  const npx = tempProject({ 'conlens.config.json': config('npx vitset run test', 'node --test test/*.test.ts'), 'test/a.test.ts': '', 'src/a.ts': '' });
  const [g, p, n] = conlensBatch([['config', glob], ['config', program], ['config', npx]]);
  for (const r of [g, p, n]) {
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /conlens\.config\.json: valid, but a command cannot run as configured \(below\)/);
  }
  assert.match(g.stderr, /conlens\.config\.json: unit\.command: "test\/unti\/\*\.test\.ts" matches no files in \S+: check the pattern/);
  assert.match(p.stderr, /conlens\.config\.json: integration\.command: cannot start "vitset": no such program on PATH or in node_modules\/\.bin \(check the spelling\)/);
  assert.match(n.stderr, /conlens\.config\.json: unit\.command: "npx vitset": vitset is not installed in node_modules\/\.bin, so npx would fetch a package of that name from the registry/);
});

test('check runs the buggy example (exit 1, failures counted) and its fix (exit 0)', () => {
  const buggy = conlens(['check', 'examples/account', '--runs', '2', '--json', '-']);
  assert.equal(buggy.status, 1, buggy.stderr);
  const report = JSON.parse(buggy.stdout) as { unit: { failures: number }; integration: { runs: number; failures: number } };
  assert.equal(report.unit.failures, 0);
  assert.equal(report.integration.runs, 2);
  assert.equal(report.integration.failures, 2);
  const fixed = conlens(['check', 'examples/account/fixed', '--runs', '2']);
  assert.equal(fixed.status, 0, fixed.stdout + fixed.stderr);
  assert.match(fixed.stdout, /integration +pass +0\/2 runs failed/);
});

test('check: node:test given a test file that does not exist ran no test: not checked (exit 2), and each run says so, not "failed"', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ unit: { command: 'node --test test/a.test.mjs' }, integration: { command: 'node --test test/integraton.test.mjs', runs: 2 } }),
    'test/a.test.mjs': "import { test } from 'node:test';\ntest('a', () => {});\n",
  });
  const { status, stdout, stderr } = conlens(['check', root]);
  assert.equal(status, 2, stdout + stderr);
  assert.match(stdout, /integration run 1: ran no test \(exit 1\)/);
  assert.match(stdout, /integration +NOT CHECKED +0\/2 runs failed, 2 ran no test \(the runner said "node:test: could not find \S*integraton\.test\.mjs"\)/);
});

test('check: a suite whose runs executed no test is not checked (exit 2), never a pass', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ unit: { command: 'node --test test/*.test.mjs' }, integration: { command: 'node --test test/*.test.mjs', runs: 2 } }),
    'test/skipped.test.mjs': "import { test } from 'node:test';\ntest('later', { skip: true }, () => {});\n",
  });
  const { status, stdout, stderr } = conlens(['check', root, '--json', '-']);
  assert.equal(status, 2, stdout + stderr);
  const report = JSON.parse(stdout) as { integration: { failures: number; runsWithoutTests: number; outcomes: { noTests?: string }[] } };
  assert.equal(report.integration.failures, 0);
  assert.equal(report.integration.runsWithoutTests, 2);
  assert.match(report.integration.outcomes[0].noTests ?? '', /pass 0, fail 0, skipped 1/);
  assert.match(stderr, /integration +NOT CHECKED +0\/2 runs failed, 2 ran no test/);
  assert.match(stderr, /not checked: every integration run executed no test — check that integration\.command in .*conlens\.config\.json names your test files/);
});

test('check: a test command that cannot start is exit 2 naming the key and program', () => {
  const root = tempProject({ 'conlens.config.json': '{ "unit": { "command": "no-such-runner test" } }' });
  const [{ status, stderr }] = conlensBatch([['check', root]]);
  assert.equal(status, 2);
  assert.match(stderr, /unit\.command: cannot start "no-such-runner"/);
});

test('an npm script whose own program cannot start: config, check and rank say so, exit 2 (trial17: exit 127 counted as failing tests)', () => {
  const root = tempProject({
    'package.json': JSON.stringify({ scripts: { 'test:unit': 'node --test test/a.test.mjs', 'test:integration': 'mocah test/*.test.mjs' } }),
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'npm run test:unit' }, integration: { command: 'npm run test:integration' } }),
    'test/a.test.mjs': '',
    'src/a.mjs': '',
  });
  const missing = tempProject({
    'package.json': JSON.stringify({ scripts: {} }),
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'npm test' } }),
    'src/a.mjs': '',
  });
  const runs = conlensBatch([['config', root], ['check', root], ['rank', root], ['check', missing]]);
  for (const r of runs) assert.equal(r.status, 2, r.stdout + r.stderr);
  const said = /integration\.command \(npm script "test:integration": mocah test\/\*\.test\.mjs\): cannot start "mocah": no such program on PATH or in node_modules\/\.bin \(check the spelling\)/;
  for (const r of runs.slice(0, 3)) assert.match(r.stderr, said);
  assert.doesNotMatch(runs[1].stdout, /failed \(exit 127\)/, 'nothing ran');
  assert.match(runs[3].stderr, /unit\.command: package\.json has no script "test"/);
});

test('rank: a misspelt integration program is named before the unit tests run (trial17: after them)', () => {
  const root = tempProject({
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: ['node', 'unit.mjs'] }, integration: { command: 'mocah test/*.test.mjs' } }),
    'unit.mjs': "import { writeFileSync } from 'node:fs'; writeFileSync('unit-ran', '');",
    'test/a.test.mjs': '',
    'src/a.mjs': '',
  });
  const { status, stderr } = conlens(['rank', root]);
  assert.equal(status, 2, stderr);
  assert.match(stderr, /integration\.command: cannot start "mocah": no such program on PATH or in node_modules\/\.bin \(check the spelling\)/);
  assert.equal(existsSync(join(root, 'unit-ran')), false, 'the unit tests did not run');
});

test('check: a hanging test is killed at timeoutMs and reported as a failure', () => {
  const root = tempProject({
    'conlens.config.json': JSON.stringify({ unit: { command: ['node', 'hang.mjs'] }, timeoutMs: 500 }),
    'hang.mjs': 'setInterval(() => {}, 1000);',
  });
  const { status, stdout } = conlens(['check', root]);
  assert.equal(status, 1);
  assert.match(stdout, /unit run 1: over the time budget, killed/);
  assert.match(stdout, /1 over the time budget/);
});

test('graph prints the call tree, writes JSON and DOT, and needs no configuration file', () => {
  const root = tempProject({
    'src/a.ts': `export interface A { go(): void }
export class C implements A { go(): void {} }
export function main(a: A): void { a.go(); }`,
  });
  const [text, jsonOut, dotOut] = conlensBatch([['graph', root], ['graph', root, '--json', '-'], ['graph', root, '--dot', '-']]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /1 files, 3 lines, 2 functions, 1 call edges/);
  assert.match(text.stdout, /^ {2}main {2}\(0\)/m);
  assert.match(text.stdout, /^ {4}C\.go {2}\(1\)/m);
  const json = JSON.parse(jsonOut.stdout) as { edges: { declaredTarget?: string }[]; roots: string[] };
  assert.deepEqual(json.roots, ['src/a.ts#main']);
  assert.equal(json.edges[0].declaredTarget, 'src/a.ts#A.go');
  const dot = dotOut.stdout;
  assert.match(dot, /^digraph callgraph \{/);
  assert.match(dot, /"src\/a.ts#main" -> "src\/a.ts#C.go" \[label="via A.go"\];/);
});

test('graph on an empty folder is an empty graph and exit 0', () => {
  const root = tempProject({ 'notes.txt': '' });
  const [{ status, stdout }] = conlensBatch([['graph', root]]);
  assert.equal(status, 0);
  assert.match(stdout, /^0 files, 0 lines, 0 functions, 0 call edges/);
});

test('graph with an invalid configuration is exit 2', () => {
  const root = tempProject({ 'conlens.config.json': '{ "include": "src" }' });
  const [{ status, stderr }] = conlensBatch([['graph', root]]);
  assert.equal(status, 2);
  assert.match(stderr, /include: must be array/);
});

test('trace runs the unit tests instrumented and reports the program points', () => {
  const { status, stdout } = conlens(['trace', 'examples/running-example', '--tests', 'unit', '--out', join(tempProject({}), 'run')]);
  assert.equal(status, 0, stdout);
  assert.match(stdout, /tests: unit passed/);
  assert.match(stdout, /^SA\.func1 +\d+ +\d+ +0$/m);
  assert.match(stdout, /1 trace file\(s\), 8 program points/);
});

test('trace counts files, directories and ports as shared state and names the resources (issue 14)', () => {
  const { stdout } = conlens(['trace', 'examples/fs-check-then-act', '--tests', 'integration', '--out', join(tempProject({}), 'run')]);
  assert.match(stdout, /^shared state: .*files [1-9]\d* read \/ [1-9]\d* written, directories \d+ read \/ [1-9]\d* written/m);
  assert.match(stdout, /^  file \/.*conlens-fs-check-\w+\/reports(\/\S+)?: \d+ read \/ \d+ written$/m);
});

test('trace on a failing integration suite is exit 1, on a bad --tests exit 2', () => {
  const failing = conlens(['trace', 'examples/account', '--tests', 'integration', '--out', join(tempProject({}), 'run')]);
  assert.equal(failing.status, 1);
  assert.match(failing.stdout, /tests: integration FAILED/);
  assert.match(failing.stdout, /events: .*lk \d+/);
  assert.match(failing.stdout, /^shared state: fields \d+ read \/ \d+ written/m);
  const [bad] = conlensBatch([['trace', 'examples/account', '--tests', 'system']]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--tests must be unit or integration/);
});
