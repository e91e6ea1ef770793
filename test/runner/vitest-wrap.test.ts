// Which configured commands run through the Vitest wrapper (runner/vitest.ts), and the runner a
// command names for the "cannot hook" message (test-runners.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { vitestArgs, wrapVitest } from '../../src/core/runner/vitest.ts';
import { runnerOf } from '../../src/core/runner/test-runners.ts';
import { unhookedRunnerMessage } from '../../src/core/runner/runner-support.ts';
import { tempProject } from '../helpers/temp-project.ts';

const traced = { CONLENS_TRACE: '{}' };

test('vitest commands are recognised directly, through npx, .bin and node …/vitest.mjs', () => {
  const cwd = tempProject({ 'package.json': '{}' });
  assert.deepEqual(vitestArgs(['vitest', 'run', 'test/unit'], cwd), ['run', 'test/unit']);
  assert.deepEqual(vitestArgs(['npx', '--yes', 'vitest', 'run'], cwd), ['run']);
  assert.deepEqual(vitestArgs(['node_modules/.bin/vitest'], cwd), []);
  assert.deepEqual(vitestArgs(['node', 'node_modules/vitest/vitest.mjs', 'run', '-t', 'x'], cwd), ['run', '-t', 'x']);
  assert.equal(vitestArgs(['vitest', 'bench'], cwd), undefined);
  assert.equal(vitestArgs(['node', '--test', 'a.test.ts'], cwd), undefined);
  assert.equal(vitestArgs(['npx', 'jest'], cwd), undefined);
});

test('npm scripts that are a plain vitest command (variables allowed) are wrapped, with their -- arguments; others are not', () => {
  const cwd = tempProject({
    'package.json': JSON.stringify({ scripts: { test: 'vitest run', unit: 'vitest run test/unit', both: 'tsc && vitest run', env: 'CI=1 vitest run' } }),
  });
  assert.deepEqual(vitestArgs(['npm', 'test'], cwd), ['run']);
  assert.deepEqual(vitestArgs(['npm', 'run', 'unit', '--', '--pool', 'threads'], cwd), ['run', 'test/unit', '--pool', 'threads']);
  assert.equal(vitestArgs(['npm', 'run', 'both'], cwd), undefined);
  assert.deepEqual(vitestArgs(['npm', 'run', 'env'], cwd), ['run']);
  assert.deepEqual(wrapVitest(['npm', 'run', 'env'], cwd, traced)?.env, { CI: '1' });
  assert.equal(vitestArgs(['npm', 'run', 'missing'], cwd), undefined);
});

test('only traced runs are wrapped: conlens check runs vitest as configured', () => {
  const cwd = tempProject({ 'package.json': '{}' });
  assert.equal(wrapVitest(['vitest', 'run'], cwd, {}), undefined);
  const wrapped = wrapVitest(['npx', 'vitest', 'run', 'test/unit'], cwd, traced);
  assert.equal(wrapped?.runner, 'vitest');
  assert.equal(wrapped?.argv[0], process.execPath);
  assert.match(wrapped?.argv[1] ?? '', /vitest-run\.mjs$/);
  assert.deepEqual(wrapped?.argv.slice(2), ['run', 'test/unit']);
});

test('a runner we cannot hook is named, with what is supported', () => {
  const cwd = tempProject({ 'package.json': JSON.stringify({ scripts: { test: 'uvu test' } }) });
  assert.deepEqual(runnerOf(['npx', 'vitest', 'run'], cwd), { runner: 'vitest', name: 'vitest' });
  assert.deepEqual(runnerOf(['npm', 'test'], cwd), { runner: 'unknown', name: 'uvu' });
  assert.match(unhookedRunnerMessage(['npm', 'test'], cwd) ?? '', /"uvu" is not a test runner .* supported: node --test, Mocha 9–12, Jest 27–30, Vitest 1–5/);
  assert.equal(unhookedRunnerMessage(['node', '--test'], cwd), undefined);
  assert.equal(unhookedRunnerMessage(['npx', 'vitest'], cwd), undefined);
  assert.equal(unhookedRunnerMessage(['./node_modules/.bin/mocha'], cwd), undefined);
});
