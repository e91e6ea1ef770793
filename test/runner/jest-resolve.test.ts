// Issue 31: how jest-run finds the user's Jest and jest-cli's argument parser, on fake installs
// shaped like each Jest major's jest-cli (no network, no real Jest): the parser is exported by
// Jest 30, sits in build/run.js from 29.0.3 on and in build/cli/index.js in 27, 28 and
// 29.0.0–29.0.2, always behind the package's `exports` map. A Jest we do not trace is refused
// with its version and the supported ones, never a module-not-found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { JestMissingError, UnsupportedJestError, resolveJest, resolveJestBin } from '../../src/core/runner/jest-resolve.ts';
import { conlens } from '../helpers/cli.ts';

type Layout = 'exported' | 'run.js' | 'cli/index.js' | 'none';

const PARSER = (where: string) => `exports.buildArgv = (args) => ({ where: '${where}', args });\nexports.run = () => {};\n`;

/** A project folder with node_modules/jest and node_modules/jest-cli of `version`, jest-cli's
 *  parser where `layout` puts it; the manifests' `exports` are Jest's own. */
function fakeJest(root: string, version: string, layout: Layout): string {
  const project = join(root, `jest-${version}-${layout.replace(/\W/g, '-')}`);
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    writeFileSync(join(project, file), text);
  };
  write('package.json', '{"name":"project","private":true}');
  const exportsMap = { '.': { types: './build/index.d.ts', default: './build/index.js' }, './package.json': './package.json', './bin/jest': './bin/jest.js' };
  write('node_modules/jest/package.json', JSON.stringify({ name: 'jest', version, main: './build/index.js', exports: exportsMap }));
  write('node_modules/jest/bin/jest.js', "require('jest-cli/bin/jest');\n");
  write('node_modules/jest/build/index.js', "module.exports = require('jest-cli');\n");
  write('node_modules/jest-cli/package.json', JSON.stringify({ name: 'jest-cli', version, main: './build/index.js', exports: exportsMap }));
  write('node_modules/jest-cli/bin/jest.js', "require('..').run();\n");
  switch (layout) {
    case 'exported':
      write('node_modules/jest-cli/build/index.js', PARSER('index.js'));
      break;
    case 'run.js':
      write('node_modules/jest-cli/build/index.js', "exports.run = require('./run').run;\nexports.yargsOptions = {};\n");
      write('node_modules/jest-cli/build/run.js', PARSER('run.js'));
      break;
    case 'cli/index.js':
      write('node_modules/jest-cli/build/index.js', "exports.run = require('./cli').run;\n");
      write('node_modules/jest-cli/build/cli/index.js', PARSER('cli/index.js'));
      break;
    case 'none':
      write('node_modules/jest-cli/build/index.js', 'exports.run = () => {};\n');
      write('node_modules/jest-cli/build/run.js', 'exports.run = () => {};\n');
      break;
  }
  return project;
}

test("jest-cli's argument parser is found for the layout of each supported Jest major", async () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-jest-resolve-'));
  try {
    for (const [version, layout, where] of [
      ['27.5.1', 'cli/index.js', 'cli/index.js'],
      ['28.1.3', 'cli/index.js', 'cli/index.js'],
      ['29.0.2', 'cli/index.js', 'cli/index.js'],
      ['29.7.0', 'run.js', 'run.js'],
      ['30.5.2', 'exported', 'index.js'],
    ] as const) {
      const project = fakeJest(root, version, layout);
      // As in the real packages, the build files are not reachable by a package require.
      if (layout !== 'exported') assert.throws(() => createRequire(join(project, 'x.js'))(`jest-cli/build/${layout}`), /ERR_PACKAGE_PATH_NOT_EXPORTED|not defined by "exports"/);
      const jest = resolveJest(project);
      assert.equal(jest.version, version);
      assert.equal(jest.bin, join(project, 'node_modules', 'jest', 'bin', 'jest.js'));
      assert.deepEqual(await jest.buildArgv(['test/unit']), { where, args: ['test/unit'] }, `Jest ${version}`);
      // @jest/core and jest-config are resolved from jest-cli's folder.
      assert.equal(jest.cli.resolve('jest-cli'), join(project, 'node_modules', 'jest-cli', 'build', 'index.js'));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a Jest outside 27 to 30, or one without the parser where its version keeps it, is refused with its version and what works', () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-jest-resolve-'));
  try {
    for (const [version, layout, why] of [
      ['26.6.3', 'cli/index.js', /Jest 26\.6\.3 \(.*node_modules[/\\]jest\) is not supported for traced runs; Concurrency Lens traces Jest 27 to 30/],
      ['31.0.0', 'exported', /Jest 31\.0\.0 .* is not supported for traced runs; Concurrency Lens traces Jest 27 to 30/],
      ['29.9.0', 'none', /Jest 29\.9\.0 .* has no argument parser \(buildArgv\) where its jest-cli keeps it; Concurrency Lens traces Jest 27 to 30/],
    ] as const) {
      const project = fakeJest(root, version, layout);
      assert.throws(() => resolveJest(project), (error: unknown) => error instanceof UnsupportedJestError && why.test(error.message), version);
      // Untraced runs take Jest's bin as it is.
      assert.equal(resolveJestBin(project), join(project, 'node_modules', 'jest', 'bin', 'jest.js'));
    }
    const empty = join(root, 'empty');
    mkdirSync(empty);
    assert.throws(() => resolveJest(empty), (error: unknown) => error instanceof JestMissingError && /"jest" cannot be resolved from/.test(error.message));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// The refusal reaches the user before the run (runner-support.ts), not as a failed unit suite or
// "does include match…"; jest-run's own check (the run's reason, run-traced.ts) stays behind it.
// Needs dist/ (npm run build).
test('conlens trace on a project with an unsupported Jest says which Jest and what is supported', () => {
  const root = mkdtempSync(join(tmpdir(), 'conlens-jest-resolve-'));
  try {
    const project = fakeJest(root, '26.6.3', 'cli/index.js');
    writeFileSync(join(project, 'conlens.config.json'), JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'npx jest test/unit' } }));
    const result = conlens(['trace', project, '--tests', 'unit']);
    assert.equal(result.status, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /unit\.command: Jest 26\.6\.3 .* is not supported for traced runs; Concurrency Lens traces node --test, Mocha 9–12, Jest 27–30, Vitest 1–5/);
    assert.doesNotMatch(result.stdout + result.stderr, /Cannot find module|does "include" match/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
