// Issue 16: a synthesized test runs as written under each runner the project may use — node:test,
// Mocha, Jest (ts-jest) and Vitest — importing the oracle by a relative path when the project has
// not installed concurrency-lens (with a note saying how to switch to the package name), and by
// the package name when the project resolves it. The test is a lost update (read, await, write):
// every runner must fail it with the oracle's "concurrency error".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { helperSpecifier, renderTest } from '../../src/core/synth/write-tests.ts';
import type { SynthesizedTest } from '../../src/core/synth/synth-types.ts';
import type { TestRunner } from '../../src/core/runner/test-runners.ts';
import { REPO } from '../helpers/cli.ts';
import { jestMissing } from '../helpers/runner-fixtures.ts';
import { tempProject } from '../helpers/temp-project.ts';

const SYNTH: SynthesizedTest = {
  name: 'synth-01-intruder-add-add.test.ts',
  method: 'intruder',
  parts: [['Counter.add'], ['Counter.add']],
  field: 'Counter.value',
  reason: 'no lock is held by Counter.add over both accesses of Counter.value',
  seeds: ['test/unit/counter.test.ts › "adds"'],
  detail: 'PC-R pair (d1, d2), p/c = R/W in add, r = W in add',
  setup: ['const counter1 = new m0.Counter();'],
  calls: [['counter1.add(1)'], ['counter1.add(1)']],
  state: ['counter1'],
  helpers: [],
  modules: { 'src/counter.ts': 'm0' },
};

function project(): string {
  const root = tempProject({
    'package.json': '{ "name": "synth-runners", "private": true }',
    'tsconfig.json': readFileSync(join(REPO, 'test', 'runners', 'jest', 'account', 'tsconfig.json'), 'utf8'),
    'jest.config.cjs': "module.exports = { testEnvironment: 'node', roots: ['<rootDir>/.conlens'], transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] } };\n",
    'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['.conlens/**/*.test.ts'] } });\n",
    'src/counter.ts': 'export class Counter {\n  value = 0;\n  async add(n: number): Promise<number> {\n    const v = this.value;\n    await null;\n    this.value = v + n;\n    return this.value;\n  }\n}\n',
  }, ['ts-jest', 'vitest']);
  return root;
}

function write(root: string, runner: TestRunner, dir: string): string {
  const outDir = join(root, '.conlens', dir);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, SYNTH.name);
  writeFileSync(file, renderTest(SYNTH, { root, outDir, runner, helper: helperSpecifier(outDir), style: '.ts' }));
  return file;
}

function run(argv: string[], cwd: string): { status: number | null; output: string } {
  const { NODE_TEST_CONTEXT: _, NODE_OPTIONS: __, CONLENS_TRACE: ___, ...env } = process.env;
  const r = spawnSync(process.execPath, argv, { cwd, encoding: 'utf8', env, timeout: 120_000 });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

const modules = join(REPO, 'node_modules');
const register = join(REPO, 'dist', 'register.mjs');

test('not installed: the oracle is imported by a relative path, with a note', () => {
  const root = project();
  const text = readFileSync(write(root, 'node', 'synth'), 'utf8');
  assert.match(text, /import \{ linearizable \} from "(\.\.\/)+[^"]*dist\/concurrently\.cjs";/);
  assert.match(text, /\/\/ Note: +concurrency-lens is not installed in this project[^\n]*npm install --save-dev concurrency-lens/);
  assert.doesNotMatch(text, new RegExp(`from "${REPO}`));
});

test('installed: the oracle is imported by the package name', () => {
  const root = project();
  symlinkSync(REPO, join(root, 'node_modules', 'concurrency-lens'), 'dir');
  const text = readFileSync(write(root, 'node', 'synth'), 'utf8');
  assert.match(text, /import \{ linearizable \} from "concurrency-lens\/concurrently";/);
  assert.doesNotMatch(text, /\/\/ Note:/);
});

test('node:test runs the synthesized test as written: the lost update is a concurrency error', () => {
  const root = project();
  const r = run(['--import', register, '--test', write(root, 'node', 'node')], root);
  assert.notEqual(r.status, 0, r.output);
  assert.match(r.output, /concurrency error: no linearization shows/);
});

test('Mocha runs the synthesized test as written', () => {
  const root = project();
  const r = run(['--import', register, join(modules, 'mocha', 'bin', 'mocha.js'), write(root, 'mocha', 'mocha')], root);
  assert.notEqual(r.status, 0, r.output);
  assert.match(r.output, /1 failing[\s\S]*concurrency error: no linearization shows/);
});

test('Jest (ts-jest) runs the synthesized test as written', { skip: jestMissing() }, () => {
  const root = project();
  const r = run([join(modules, 'jest', 'bin', 'jest.js'), '--rootDir', root, '--runTestsByPath', write(root, 'jest', 'jest')], root);
  assert.notEqual(r.status, 0, r.output);
  assert.match(r.output, /Tests: +1 failed/);
  assert.match(r.output, /concurrency error: no linearization shows/);
});

test('Vitest runs the synthesized test as written', () => {
  const root = project();
  const r = run([join(modules, 'vitest', 'vitest.mjs'), 'run', '--root', root, write(root, 'vitest', 'vitest')], root);
  assert.notEqual(r.status, 0, r.output);
  assert.match(r.output, /concurrency error: no linearization shows/);
});
