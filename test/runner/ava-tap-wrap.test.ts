// Which configured commands run through the ava and node-tap wrappers (runner/ava.ts, tap.ts):
// traced runs only, spelled directly, through npx, .bin, `node <script>` or a plain npm script;
// and which of a tap test process's loaders a traced run leaves out (tap's TypeScript loader, not
// its own). The runs themselves: test/slow/runner-versions-ava-tap.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wrapAva } from '../../src/core/runner/ava.ts';
import { withoutTapLoaders, wrapTap } from '../../src/core/runner/tap.ts';
import { isHooked } from '../../src/core/runner/test-runners.ts';
import { tempProject } from '../helpers/temp-project.ts';

const traced = { CONLENS_TRACE: '{}' };
/** The user's arguments of a wrapped argv (after our entry), and the entry's name. */
const wrapped = (w: { argv: string[] } | undefined) => w && { entry: w.argv[1].split('/').pop(), args: w.argv.slice(2) };

test('ava commands are wrapped in traced runs: directly, through npx, .bin, node …/cli.mjs and a plain npm script', () => {
  const cwd = tempProject({ 'package.json': JSON.stringify({ scripts: { test: 'ava --verbose', both: 'tsc && ava' } }) });
  assert.deepEqual(wrapped(wrapAva(['ava', 'test/unit/a.test.ts'], cwd, traced)), { entry: 'ava-run.mjs', args: ['test/unit/a.test.ts'] });
  assert.deepEqual(wrapped(wrapAva(['npx', 'ava', '--match', 'x*'], cwd, traced)), { entry: 'ava-run.mjs', args: ['--match', 'x*'] });
  assert.deepEqual(wrapped(wrapAva(['node_modules/.bin/ava'], cwd, traced)), { entry: 'ava-run.mjs', args: [] });
  assert.deepEqual(wrapped(wrapAva(['node', 'node_modules/ava/entrypoints/cli.mjs', 'a.test.ts'], cwd, traced)), { entry: 'ava-run.mjs', args: ['a.test.ts'] });
  assert.deepEqual(wrapped(wrapAva(['npm', 'test', '--', 'test/x.test.ts'], cwd, traced)), { entry: 'ava-run.mjs', args: ['--verbose', 'test/x.test.ts'] });
  assert.equal(wrapAva(['npm', 'run', 'both'], cwd, traced), undefined);
  assert.equal(wrapAva(['ava', 'reset-cache'], cwd, traced), undefined);
  assert.equal(wrapAva(['npx', 'tap'], cwd, traced), undefined);
  // conlens check: ava as configured.
  assert.equal(wrapAva(['ava'], cwd, {}), undefined);
  assert.equal(isHooked('ava'), true);
});

test('tap commands are wrapped in traced runs alike; its other subcommands are not', () => {
  const cwd = tempProject({ 'package.json': JSON.stringify({ scripts: { test: 'tap --disable-coverage' } }) });
  assert.deepEqual(wrapped(wrapTap(['npx', 'tap', 'test/*.ts'], cwd, traced)), { entry: 'tap-run.mjs', args: ['test/*.ts'] });
  assert.deepEqual(wrapped(wrapTap(['tap', 'run', 'a.ts'], cwd, traced)), { entry: 'tap-run.mjs', args: ['run', 'a.ts'] });
  assert.deepEqual(wrapped(wrapTap(['node', 'node_modules/tap/dist/esm/run.mjs'], cwd, traced)), { entry: 'tap-run.mjs', args: [] });
  assert.deepEqual(wrapped(wrapTap(['npm', 'test'], cwd, traced)), { entry: 'tap-run.mjs', args: ['--disable-coverage'] });
  assert.equal(wrapTap(['tap', 'report'], cwd, traced), undefined);
  assert.equal(wrapTap(['tap', 'plugin', 'add', 'x'], cwd, traced), undefined);
  assert.equal(wrapTap(['node', '--test', 'test/tap/a.test.ts'], cwd, traced), undefined);
  assert.equal(wrapTap(['tap'], cwd, {}), undefined);
  assert.equal(isHooked('tap'), true);
});

test("a tap test process keeps tap's own loaders and loses the TypeScript ones (resolved paths and specifiers)", () => {
  const nm = 'file:///p/node_modules';
  const args = [
    `--import=${nm}/@isaacs/ts-node-temp-fork-for-pr-2009/import.mjs`,
    `--loader=${nm}/@tapjs/typescript/dist/esm/esm.mjs`,
    `--import=${nm}/@tapjs/mock/dist/esm/import.mjs`,
    '--import', '/p/node_modules/tsx/dist/esm/index.mjs',
    '--import=tsx/esm',
    '--enable-source-maps',
    `--import=${nm}/@tapjs/processinfo/dist/esm/import.mjs`,
    'test/a.test.ts',
  ];
  assert.deepEqual(withoutTapLoaders(args), [`--import=${nm}/@tapjs/mock/dist/esm/import.mjs`, '--enable-source-maps', `--import=${nm}/@tapjs/processinfo/dist/esm/import.mjs`, 'test/a.test.ts']);
  // A project's own folder named like a loader is not a package in node_modules.
  assert.deepEqual(withoutTapLoaders(['--import=/p/src/tsx/setup.mjs', 'a.ts']), ['--import=/p/src/tsx/setup.mjs', 'a.ts']);
});
