import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlensBatch } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const SOURCE = { 'src/counter.ts': 'export class Counter { n = 0; async inc() { const v = this.n; await null; this.n = v + 1; } }\n' };
const UNIT = "import { test } from 'node:test';\nimport { Counter } from '../../src/counter.ts';\ntest('inc', async () => { await new Counter().inc(); });\n";
const CONCURRENT = "import { test } from 'node:test';\nimport { Counter } from '../../src/counter.ts';\ntest('two', async () => { const c = new Counter(); await Promise.all([c.inc(), c.inc()]); });\n";
const pkg = (extra: object) => JSON.stringify({ name: 'p', ...extra });
const configOf = (root: string) => JSON.parse(readFileSync(join(root, 'conlens.config.json'), 'utf8'));

test('init writes the project runner\'s commands and says why (node:test, Jest, Vitest, Mocha)', () => {
  const node = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'node --test test/**/*.test.ts' } }), 'test/unit/counter.test.ts': UNIT, 'test/integration/counter.test.ts': CONCURRENT });
  const jest = tempProject({ ...SOURCE, 'package.json': pkg({ devDependencies: { jest: '^29.7.0', 'ts-jest': '^29.0.0' } }), 'tests/counter.spec.ts': CONCURRENT });
  const vitest = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'vitest run' }, devDependencies: { vitest: '^3.2.0' } }), 'test/unit/counter.test.ts': UNIT, 'test/integration/counter.test.ts': CONCURRENT });
  const mocha = tempProject({ 'lib/counter.js': 'exports.n = 0;\n', 'package.json': pkg({ scripts: { test: 'mocha' }, devDependencies: { mocha: '^11.0.0' } }), 'test/a/counter.test.js': UNIT });
  const [n, j, v, m, again] = conlensBatch([['init', node], ['init', jest], ['init', vitest], ['init', mocha], ['config', node]]);
  for (const r of [n, j, v, m]) assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(configOf(node), { include: ['src/**/*.ts'], unit: { command: 'node --test test/unit/*.test.ts' }, integration: { command: 'node --test test/integration/*.test.ts', runs: 20 }, timeoutMs: 30000 });
  assert.match(n.stdout, /runner {7}node:test: the "test" script runs node --test/);
  assert.match(n.stdout, /integration {2}node --test test\/integration\/\*\.test\.ts × 20 runs: the tests of test\/integration\//);
  assert.equal(again.status, 0, again.stderr);
  // Jest, one folder of tests with Promise.all: the same tests are the integration tests.
  assert.deepEqual(configOf(jest).unit, { command: 'npx jest tests' });
  assert.deepEqual(configOf(jest).integration, { command: 'npx jest tests', runs: 20 });
  assert.match(j.stdout, /runner {7}Jest: package\.json depends on jest/);
  assert.match(j.stdout, /tests\/counter\.spec\.ts runs work concurrently/);
  assert.equal(configOf(vitest).integration.command, 'npx vitest run test/integration');
  assert.match(v.stdout, /the "test" script runs vitest/);
  // Mocha on JavaScript in lib/, tests in a subfolder: the files named, not the folder.
  assert.deepEqual(configOf(mocha).include, ['lib/**/*.js']);
  assert.equal(configOf(mocha).unit.command, 'npx mocha test/**/*.test.js');
  assert.equal(configOf(mocha).integration, undefined);
  assert.match(m.stdout, /integration {2}none: no test runs work concurrently[^\n]*conlens rank synthesizes concurrent tests from the unit tests/);
});

test("init keeps the loader the \"test\" script gives node (--import tsx): the commands also run by hand", () => {
  const scripts = ['node --import tsx --test test/unit/*.test.ts test/integration/*.test.ts', 'tsc && node --import=tsx -r ./setup.cjs --test'];
  const projects = scripts.map((test) => tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test } }), 'test/unit/counter.test.ts': UNIT, 'test/integration/counter.test.ts': CONCURRENT }));
  const results = conlensBatch(projects.map((p) => ['init', p]));
  for (const r of results) assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(configOf(projects[0]).unit, { command: 'node --import tsx --test test/unit/*.test.ts' });
  assert.deepEqual(configOf(projects[0]).integration, { command: 'node --import tsx --test test/integration/*.test.ts', runs: 20 });
  assert.deepEqual(configOf(projects[1]).unit, { command: 'node --import=tsx -r ./setup.cjs --test test/unit/*.test.ts' });
});

test("init keeps the other suite out of a Mocha command when Mocha's configuration names a spec (Mocha adds it to the files named)", () => {
  const tests = { 'test/unit/counter.test.ts': UNIT, 'test/integration/counter.test.ts': CONCURRENT };
  const mochaPkg = (extra: object) => pkg({ scripts: { test: 'mocha' }, devDependencies: { mocha: '^11.0.0' }, ...extra });
  const rc = tempProject({ ...SOURCE, ...tests, 'package.json': mochaPkg({}), '.mocharc.json': '{ "node-option": ["import=tsx"], "spec": ["test/**/*.test.ts"] }' });
  const yml = tempProject({ ...SOURCE, ...tests, 'package.json': mochaPkg({}), '.mocharc.yml': 'require: tsx\nspec:\n  - test/**/*.test.ts\n' });
  const inPkg = tempProject({ ...SOURCE, ...tests, 'package.json': mochaPkg({ mocha: { spec: 'test' } }) });
  const none = tempProject({ ...SOURCE, ...tests, 'package.json': mochaPkg({}), '.mocharc.json': '{ "node-option": ["import=tsx"], "timeout": 5000 }' });
  const results = conlensBatch([rc, yml, inPkg, none].map((p) => ['init', p]));
  for (const r of results) assert.equal(r.status, 0, r.stderr);
  for (const p of [rc, yml, inPkg]) {
    assert.equal(configOf(p).unit.command, "npx mocha test/unit/*.test.ts --ignore 'test/integration/**'");
    assert.equal(configOf(p).integration.command, "npx mocha test/integration/*.test.ts --ignore 'test/unit/**'");
  }
  assert.match(results[0].stdout, /--ignore because Mocha adds the `spec` of \.mocharc\.json to the files named/);
  assert.match(results[2].stdout, /the `spec` of package\.json's "mocha"/);
  assert.equal(configOf(none).unit.command, 'npx mocha test/unit/*.test.ts');
});

test('init refuses to overwrite a configuration unless --force', () => {
  const root = tempProject({ ...SOURCE, 'package.json': pkg({}), 'test/counter.test.ts': UNIT, 'conlens.config.json': '{ "include": ["x/**"] }\n' });
  const [kept] = conlensBatch([['init', root]]);
  assert.equal(kept.status, 2);
  assert.match(kept.stderr, /conlens\.config\.json exists; conlens config \S+ checks it, conlens init --force replaces it/);
  assert.deepEqual(configOf(root), { include: ['x/**'] });
  const [forced] = conlensBatch([['init', root, '--force']]);
  assert.equal(forced.status, 0, forced.stderr);
  assert.deepEqual(configOf(root).unit, { command: 'node --test test/*.test.ts' });
});

test('init exits 2 and writes nothing when it cannot choose: no tests, an untraced runner or version, several runners', () => {
  const none = tempProject({ ...SOURCE, 'package.json': pkg({}) });
  const ava = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'xo && ava' }, devDependencies: { ava: '^4.3.0' } }), 'test/a.test.ts': UNIT });
  const both = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'npm run unit' }, devDependencies: { jest: '^29.0.0', mocha: '^10.0.0' } }), 'test/a.test.ts': UNIT });
  // An installed runner version traced runs refuse, under a range that does not say ("*"): said at init, not at the first rank.
  const old = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'vitest' }, devDependencies: { vitest: '*' } }), 'node_modules/vitest/package.json': '{ "name": "vitest", "version": "0.34.6" }', 'test/unit/counter.test.ts': UNIT });
  const results = conlensBatch([['init', none], ['init', ava], ['init', both], ['init', old]]);
  for (const r of results) assert.equal(r.status, 2, r.stdout);
  assert.match(results[3].stderr, /cannot choose a configuration for \S+: Vitest 0\.34\.6 \(\S+\) is not supported for traced runs; Concurrency Lens traces [^\n]*Vitest 1–5/);
  assert.match(results[0].stderr, /found no test files[^\n]*write some/);
  assert.match(results[1].stderr, /run under ava 4 \(package\.json: "ava": "\^4\.3\.0"\), which traced runs do not support; Concurrency Lens traces node --test, .*ava 5–7, node-tap 18–21/);
  assert.match(results[2].stderr, /several test runners \(jest, mocha\) and its "test" script does not say which/);
  for (const root of [none, ava, both, old]) assert.throws(() => readFileSync(join(root, 'conlens.config.json')));
  writeFileSync(join(none, 'package.json'), '{ nope');
  const [bad] = conlensBatch([['init', none]]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /package\.json is not valid JSON/);
});

test('init writes ava and node-tap commands for the versions traced runs support (ava 5–7, tap 18+)', () => {
  const ava = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'ava' }, devDependencies: { ava: '^6.1.0', tsx: '^4.0.0' } }), 'test/unit/counter.test.ts': UNIT, 'test/integration/counter.test.ts': CONCURRENT });
  const tap = tempProject({ ...SOURCE, 'package.json': pkg({ scripts: { test: 'tap' }, devDependencies: { tap: '^18.8.0' } }), 'test/counter.test.ts': CONCURRENT });
  const [a, t] = conlensBatch([['init', ava], ['init', tap]]);
  for (const r of [a, t]) assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(configOf(ava).unit, { command: 'npx ava test/unit/*.test.ts' });
  assert.deepEqual(configOf(ava).integration, { command: 'npx ava test/integration/*.test.ts', runs: 20 });
  assert.match(a.stdout, /runner {7}ava: the "test" script runs ava/);
  assert.deepEqual(configOf(tap).integration, { command: 'npx tap test/*.test.ts', runs: 20 });
  assert.match(t.stdout, /runner {7}node-tap: the "test" script runs tap/);
});

// wsrep: a project written in .mjs files got `src/**/*.js`, which matched none of them, and rank
// then ranked nothing (and on a correct copy said nothing was wrong).
test('init names the source files by the extensions they have: .mjs, or several at once', () => {
  const unit = "import { test } from 'node:test';\ntest('x', () => {});\n";
  const mjs = tempProject({ 'src/gateway.mjs': 'export const n = 0;\n', 'src/store.mjs': 'export const m = 0;\n', 'package.json': pkg({ scripts: { test: 'node --test test/unit/*.test.mjs' } }), 'test/unit/gateway.test.mjs': unit });
  const mixed = tempProject({ 'lib/a.cjs': 'exports.n = 0;\n', 'lib/b.js': 'exports.m = 0;\n', 'package.json': pkg({ scripts: { test: 'node --test test/unit/*.test.js' } }), 'test/unit/a.test.js': unit });
  const tsx = tempProject({ 'src/a.ts': 'export const n = 0;\n', 'src/view.tsx': 'export const v = 0;\n', 'src/types.d.ts': 'export {};\n', 'package.json': pkg({ scripts: { test: 'node --test test/unit/*.test.ts' } }), 'test/unit/a.test.ts': unit });
  const results = conlensBatch([['init', mjs], ['init', mixed], ['init', tsx]]);
  for (const r of results) assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(configOf(mjs).include, ['src/**/*.mjs']);
  assert.deepEqual(configOf(mixed).include, ['lib/**/*.{cjs,js}']);
  assert.deepEqual(configOf(tsx).include, ['src/**/*.{ts,tsx}']);
});

test('an include that names no file is an error for config and rank, naming the extensions there (never a quiet rank of nothing)', () => {
  const root = tempProject({
    'src/gateway.mjs': 'export async function hop(x) { await null; return x; }\n',
    'package.json': pkg({ scripts: { test: 'node --test test/unit/*.test.mjs' } }),
    'test/unit/gateway.test.mjs': "import { test } from 'node:test';\nimport { hop } from '../../src/gateway.mjs';\ntest('x', async () => { await hop(1); });\n",
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.js'], unit: { command: 'node --test test/unit/*.test.mjs' }, integration: { command: 'node --test test/unit/*.test.mjs' } }),
  });
  const [config, rank] = conlensBatch([['config', root], ['rank', root, '--runs', '1']]);
  assert.equal(config.status, 2, config.stdout + config.stderr);
  assert.match(config.stderr, /include: matches no source file of the project \(under src: 1 \.mjs files\); name them, e\.g\. "src\/\*\*\/\*\.mjs"/);
  assert.equal(rank.status, 2, rank.stdout + rank.stderr);
  assert.match(rank.stderr, /conlens\.config\.json: include: matches no source file/);
});
