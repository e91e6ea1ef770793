// Issue 31: a traced run under a runner or version Concurrency Lens cannot trace is refused before
// it starts, naming the runner, its version and what works (runner/runner-support.ts) — by every
// traced command, since they all start their runs through runCommand; plain runs take any version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedVersion, runnerRefusal, supportedRunnersText } from '../../src/core/runner/runner-support.ts';
import { runnerOf } from '../../src/core/runner/test-runners.ts';
import { conlens } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

/** A project with fake installs of `packages` (name → version). */
function project(packages: Record<string, string>, scripts: Record<string, string> = {}, config?: object): string {
  const files: Record<string, string> = { 'package.json': JSON.stringify({ name: 'p', private: true, scripts }) };
  for (const [name, version] of Object.entries(packages)) files[`node_modules/${name}/package.json`] = JSON.stringify({ name, version });
  if (config) {
    files['conlens.config.json'] = JSON.stringify(config);
    files['src/a.ts'] = 'export const a = 1;\n';
  }
  return tempProject(files);
}

test('the supported versions are named as the matrix tests them', () => {
  assert.equal(supportedRunnersText(), 'node --test, Mocha 9–12, Jest 27–30, Vitest 1–5, ava 5–7, node-tap 18–21');
});

test('the installed version is the one Node resolves from the project (the nearest node_modules above it)', () => {
  const cwd = project({ vitest: '2.1.9' });
  assert.equal(installedVersion(cwd, 'vitest')?.version, '2.1.9');
  assert.equal(installedVersion(`${cwd}/node_modules/vitest`, 'vitest')?.version, '2.1.9');
  assert.equal(installedVersion(cwd, 'no-such-package-for-conlens'), undefined);
});

test('supported majors run; older and newer majors are refused with the version and what works', () => {
  const cases: [string, string, string[], boolean][] = [
    ['vitest', '1.6.1', ['npx', 'vitest', 'run'], true],
    ['vitest', '4.1.12', ['vitest', 'run'], true],
    ['vitest', '0.34.6', ['npx', 'vitest', 'run'], false],
    ['vitest', '5.1.2', ['npx', 'vitest', 'run'], true],
    ['vitest', '6.0.0', ['npx', 'vitest', 'run'], false],
    ['mocha', '9.2.2', ['npx', 'mocha', 'test'], true],
    ['mocha', '12.0.3', ['./node_modules/.bin/mocha'], true],
    ['mocha', '8.4.0', ['npx', 'mocha', 'test'], false],
    ['jest', '29.7.0', ['npx', 'jest'], true],
    ['jest', '26.6.3', ['npx', 'jest'], false],
    ['ava', '5.3.1', ['npx', 'ava', 'test/*.ts'], true],
    ['ava', '6.4.1', ['node', 'node_modules/ava/entrypoints/cli.mjs'], true],
    ['ava', '4.3.3', ['npx', 'ava'], false],
    ['ava', '7.0.0', ['ava'], true],
    ['ava', '8.1.2', ['ava'], false],
    ['tap', '18.8.0', ['npx', 'tap', 'test/*.ts'], true],
    ['tap', '21.8.0', ['node_modules/.bin/tap'], true],
    ['tap', '16.3.10', ['npx', 'tap'], false],
    ['tap', '22.0.0', ['tap'], false],
  ];
  for (const [name, version, argv, runs] of cases) {
    const cwd = project({ [name]: version });
    const refusal = runnerRefusal(argv, cwd);
    if (runs) {
      assert.equal(refusal, undefined, `${name} ${version}`);
    } else {
      const label = name === 'tap' ? 'node-tap' : name === 'ava' ? 'ava' : `${name[0].toUpperCase()}${name.slice(1)}`;
      assert.ok(refusal?.startsWith(`${label} ${version} (${cwd}/node_modules/${name}) is not supported for traced runs; Concurrency Lens traces node --test, Mocha 9–12, Jest 27–30, Vitest 1–5, ava 5–7, node-tap 18–21`), `${name} ${version}: ${refusal}`);
      assert.match(refusal ?? '', /conlens check/);
    }
  }
});

test('ava and node-tap are recognised through npm scripts too; node --test and unknown commands are not refused here', () => {
  const ava = project({ ava: '4.3.3' }, { test: 'ava --verbose' });
  assert.equal(runnerOf(['npm', 'test'], ava).runner, 'ava');
  assert.match(runnerRefusal(['npm', 'test'], ava) ?? '', /^ava 4\.3\.3 \(.*\) is not supported for traced runs; Concurrency Lens traces .*ava 5–7, node-tap 18–21/);
  assert.equal(runnerRefusal(['npm', 'test'], project({ ava: '6.1.3' }, { test: 'ava --verbose' })), undefined);
  const tap = project({ tap: '21.0.1' });
  assert.equal(runnerRefusal(['npx', 'tap', 'test/*.ts'], tap), undefined);
  assert.equal(runnerRefusal(['node', '--test', 'test'], tap), undefined);
  assert.equal(runnerRefusal(['uvu', 'test'], tap), undefined);
  // Not installed: the runner's own error says so when the command runs.
  assert.equal(runnerRefusal(['npx', 'vitest', 'run'], project({})), undefined);
});

test('every traced command refuses an ava it does not support before running it (exit 2, the runner and version named)', () => {
  const cwd = project({ ava: '4.3.3' }, { test: 'ava' }, { include: ['src/**/*.ts'], unit: { command: 'npm test' }, integration: { command: 'npm test', runs: 2 } });
  // Installed as npm installs it: its bin too (else the script "cannot start", said first).
  mkdirSync(join(cwd, 'node_modules/.bin'), { recursive: true });
  writeFileSync(join(cwd, 'node_modules/.bin/ava'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  for (const command of [['trace', cwd, '--tests', 'unit'], ['rank', cwd, '--runs', '2'], ['fuzz', cwd, '--runs', '1'], ['synth', cwd]]) {
    const { status, stdout, stderr } = conlens(command);
    assert.equal(status, 2, `${command[0]}: ${stdout}${stderr}`);
    assert.match(stderr, /command: ava 4\.3\.3 \(\S+\) is not supported for traced runs; Concurrency Lens traces .*ava 5–7/, command[0]);
  }
});

test("a runner is named by its package, not by a folder of the project's: node --test test/tap/… is node:test", () => {
  const cwd = project({ tap: '21.0.1', ava: '6.1.3' });
  assert.equal(runnerOf(['node', '--test', 'test/tap/a.test.ts'], cwd).runner, 'node');
  assert.equal(runnerOf(['node', 'test/ava/run.js'], cwd).runner, 'node');
  assert.equal(runnerRefusal(['node', '--test', 'test/tap/a.test.ts'], cwd), undefined);
  assert.equal(runnerOf(['node', 'node_modules/ava/entrypoints/cli.mjs'], cwd).runner, 'ava');
  assert.equal(runnerOf(['node', './node_modules/.bin/tap'], cwd).runner, 'tap');
  assert.equal(runnerOf(['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'], cwd).runner, 'jest');
  assert.equal(runnerOf(['node', 'node_modules/vitest/vitest.mjs', 'run'], cwd).runner, 'vitest');
});
