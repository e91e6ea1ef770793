// Issue 31: under Mocha, the traced process records each test case (Mocha's Runner events; named by
// fullTitle(), the suite's title first, as Mocha prints it), as
// started by an npm script or npx — through node_modules/.bin's link to mocha's bin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/cli.ts';

const FAILING_SUITE = "const assert = require('node:assert');\ndescribe('suite', () => {\n  it('passes', async () => {});\n  it('fails', async () => { assert.equal(1, 2); });\n});\n";

/** Runs node_modules/.bin/mocha with `args` on the test files `files` (name → source) traced, and
 *  returns the test-case events every trace of the run recorded (one trace per process). */
function mochaTestEvents(files: Record<string, string>, args: string[]): { dir: string; tests: { k: string; name: string; file: string; ok?: boolean }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-mocha-tests-'));
  try {
    mkdirSync(join(dir, 'test'));
    mkdirSync(join(dir, 'run'));
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, 'test', name), source);
    const settings = { runDir: join(dir, 'run'), fields: true, depth: 2, locks: [], include: ['src/**/*.ts'], root: dir };
    const run = spawnSync(join(dir, 'node_modules', '.bin', 'mocha'), args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--import ${join(REPO, 'dist', 'register.mjs')}`, CONLENS_TRACE: JSON.stringify(settings) },
    });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const lines = readdirSync(join(dir, 'run')).flatMap((f) => readFileSync(join(dir, 'run', f), 'utf8').split('\n').filter((l) => l.includes('"e":"test"')));
    return { dir, tests: lines.map((l) => JSON.parse(l)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const outcomes = (tests: { k: string; name: string; ok?: boolean }[]) => tests.map((t) => `${t.k} ${t.name}${t.ok === undefined ? '' : ` ${t.ok}`}`);

test('a mocha run through node_modules/.bin records each test case with its outcome', () => {
  const { dir, tests } = mochaTestEvents({ 'a.test.cjs': FAILING_SUITE }, ['test/a.test.cjs']);
  assert.deepEqual(outcomes(tests), ['begin suite passes', 'end suite passes true', 'begin suite fails', 'end suite fails false']);
  assert.equal(tests[0].file, join(dir, 'test', 'a.test.cjs'));
});

test('mocha --parallel: each worker process records the test cases of the files it runs', () => {
  const files = { 'a.test.cjs': FAILING_SUITE, 'b.test.cjs': "describe('other', () => {\n  it('ok', () => {});\n});\n" };
  const { tests } = mochaTestEvents(files, ['--parallel', '--jobs', '2', 'test/a.test.cjs', 'test/b.test.cjs']);
  // The workers' traces may interleave files in any order: compare the set.
  assert.deepEqual(outcomes(tests).sort(), ['begin other ok', 'begin suite fails', 'begin suite passes', 'end other ok true', 'end suite fails false', 'end suite passes true']);
});

test('a Mocha whose lib/runner.js holds the Runner class (an ES module layout, Mocha 12) records test cases; one with no Runner runs on untouched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-mocha-layout-'));
  try {
    const settings = { runDir: join(dir, 'run'), fields: true, depth: 2, locks: [], include: ['src/**/*.ts'], root: dir };
    mkdirSync(join(dir, 'run'));
    const runnerClass = "class Runner { constructor() { this.l = {}; } on(e, f) { (this.l[e] ??= []).push(f); } run() { const t = { title: 'one', file: 'a.js', state: 'passed' }; for (const e of ['test', 'test end']) for (const f of this.l[e] ?? []) f(t); console.log('ran'); } }";
    const layouts: [string, string, string[]][] = [
      ['wrapped', `${runnerClass}\nmodule.exports = { Runner };\n`, ['begin one', 'end one true']],
      ['none', 'module.exports = { somethingElse: 1 };\n', []],
    ];
    for (const [name, source, expected] of layouts) {
      const mocha = join(dir, name, 'node_modules', 'mocha');
      mkdirSync(join(mocha, 'lib'), { recursive: true });
      mkdirSync(join(mocha, 'bin'));
      writeFileSync(join(mocha, 'package.json'), '{ "name": "mocha", "version": "12.0.0" }');
      writeFileSync(join(mocha, 'lib', 'runner.js'), source);
      const bin = name === 'none' ? "console.log('ran');\n" : "const { Runner } = require('../lib/runner.js');\nnew Runner().run();\n";
      writeFileSync(join(mocha, 'bin', 'mocha.js'), bin);
      const runDir = join(dir, 'run', name);
      mkdirSync(runDir);
      const run = spawnSync(process.execPath, [join(mocha, 'bin', 'mocha.js')], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: `--import ${join(REPO, 'dist', 'register.mjs')}`, CONLENS_TRACE: JSON.stringify({ ...settings, runDir }) },
      });
      assert.equal(run.status, 0, `${name}: ${run.stdout}${run.stderr}`);
      assert.match(run.stdout, /ran/);
      const lines = readdirSync(runDir).flatMap((f) => readFileSync(join(runDir, f), 'utf8').split('\n').filter((l) => l.includes('"e":"test"')));
      const tests = lines.map((l) => JSON.parse(l) as { k: string; name: string; ok?: boolean });
      assert.deepEqual(tests.map((t) => `${t.k} ${t.name}${t.ok === undefined ? '' : ` ${t.ok}`}`), expected, name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
