// Issue 31 (other loaders): a traced run drops the TypeScript loaders a command names — our loader
// compiles TypeScript itself and another one stacked on it would compile our output again and
// lose the positions (runner/ts-loaders.ts). Plain runs keep the command as written, and a command
// with a loader of its own runs without ours (run-command.ts). The traced positions under each loader: test/slow/runner-versions.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropLoaderOptions, withoutTypeScriptLoaders } from '../../src/core/runner/ts-loaders.ts';
import { runCommand } from '../../src/core/runner/run-command.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempProject } from '../helpers/temp-project.ts';

test('node and mocha options that load tsx, ts-node or @swc-node/register are dropped, spelled either way; others stay', () => {
  assert.deepEqual(dropLoaderOptions(['--import', 'tsx/esm', '--test', 'src/test.ts']), { kept: ['--test', 'src/test.ts'], dropped: ['--import tsx/esm'] });
  assert.deepEqual(dropLoaderOptions(['--loader=ts-node/esm', '-r', 'ts-node/register', '--require=./setup.js', '--import', './other.mjs']), {
    kept: ['--require=./setup.js', '--import', './other.mjs'],
    dropped: ['--loader=ts-node/esm', '-r ts-node/register'],
  });
  assert.deepEqual(dropLoaderOptions(['--require', '@swc-node/register', 'test']), { kept: ['test'], dropped: ['--require @swc-node/register'] });
});

test('commands: node, npx mocha and the tsx CLI lose the loader; other programs and commands without one are unchanged', async () => {
  const cwd = tempProject({ 'package.json': '{}' });
  const env = { PATH: '/usr/bin' };
  assert.deepEqual(await withoutTypeScriptLoaders(['node', '--import', 'tsx', '--test', 'a.test.ts'], cwd, env), { argv: ['node', '--test', 'a.test.ts'], env: {}, dropped: ['--import tsx'] });
  assert.deepEqual((await withoutTypeScriptLoaders(['npx', 'mocha', '-r', 'ts-node/register', 'test'], cwd, env))?.argv, ['npx', 'mocha', 'test']);
  const tsx = await withoutTypeScriptLoaders(['npx', 'tsx', '--tsconfig', 'tsconfig.test.json', '--test', 'a.test.ts'], cwd, env);
  assert.deepEqual(tsx?.argv, [process.execPath, '--test', 'a.test.ts']);
  assert.deepEqual(tsx?.dropped, ['tsx', '--tsconfig tsconfig.test.json']);
  assert.equal(await withoutTypeScriptLoaders(['npx', 'tsx', 'watch', 'a.ts'], cwd, env), undefined);
  assert.equal(await withoutTypeScriptLoaders(['node', '--test', 'a.test.ts'], cwd, env), undefined);
  assert.equal(await withoutTypeScriptLoaders(['npx', 'vitest', 'run'], cwd, env), undefined);
});

test('NODE_OPTIONS loses the loader too, from the environment or the script', async () => {
  const cwd = tempProject({ 'package.json': '{}' });
  const dropped = await withoutTypeScriptLoaders(['node', '--test'], cwd, { NODE_OPTIONS: '--max-old-space-size=4096 --import=tsx' });
  assert.deepEqual(dropped, { argv: ['node', '--test'], env: { NODE_OPTIONS: '--max-old-space-size=4096' }, dropped: ['NODE_OPTIONS --import=tsx'] });
});

test('npm scripts that are one plain command run as that command without the loader (globs expanded, -- arguments kept, bins on the PATH)', async () => {
  const cwd = tempProject({
    'package.json': JSON.stringify({ scripts: { test: 'node --import tsx/esm --test src/*.test.ts', both: 'tsc && node --import tsx --test', plain: 'node --test', env: 'NODE_OPTIONS="-r ts-node/register" mocha' } }),
    'src/a.test.ts': '',
  });
  const test = await withoutTypeScriptLoaders(['npm', 'test', '--', '--test-only'], cwd, { PATH: '/usr/bin' });
  assert.deepEqual(test?.argv, ['node', '--test', 'src/a.test.ts', '--test-only']);
  assert.equal(test?.env.PATH, `${cwd}/node_modules/.bin:/usr/bin`);
  assert.equal(await withoutTypeScriptLoaders(['npm', 'run', 'both'], cwd, {}), undefined);
  assert.equal(await withoutTypeScriptLoaders(['npm', 'run', 'plain'], cwd, {}), undefined);
  const env = await withoutTypeScriptLoaders(['npm', 'run', 'env'], cwd, { PATH: '/usr/bin' });
  assert.deepEqual(env?.argv, ['mocha']);
  assert.equal(env?.env.NODE_OPTIONS, '');
  assert.deepEqual(env?.dropped, ['NODE_OPTIONS -r ts-node/register']);
});

test('a loader named only in Mocha\'s configuration (.mocharc.yml, package.json#mocha, node-option) is left out of a copy in .conlens/run/; the user\'s file is untouched', async () => {
  const yml = 'require:\n  - ts-node/register\n  - ./test/setup.ts\nspec: test/**/*.test.ts\ntimeout: 5000\n';
  const cwd = tempProject({
    'package.json': JSON.stringify({ mocha: { 'node-option': ['import=tsx/esm', 'max-old-space-size=4096'], slow: 200 } }),
    '.mocharc.yml': yml,
  }, ['mocha']);
  const run = await withoutTypeScriptLoaders(['npx', 'mocha', '--parallel'], cwd, { PATH: '/usr/bin' });
  assert.ok(run, 'the rc loader was not dropped');
  assert.deepEqual(run.dropped, ['package.json mocha node-option: import=tsx/esm', '.mocharc.yml require: ts-node/register']);
  const at = run.argv.indexOf('--config');
  assert.deepEqual(run.argv.slice(0, at), ['npx', 'mocha', '--parallel']);
  assert.equal(run.argv.at(-1), '--no-package');
  const written = run.argv[at + 1];
  assert.ok(written.startsWith(join(cwd, '.conlens', 'run')), written);
  // Mocha's precedence kept: the rc file's options over package.json's, the loaders gone.
  assert.deepEqual(JSON.parse(readFileSync(written, 'utf8')), {
    'node-option': ['max-old-space-size=4096'], slow: 200, require: ['./test/setup.ts'], spec: 'test/**/*.test.ts', timeout: 5000,
  });
  assert.equal(readFileSync(join(cwd, '.mocharc.yml'), 'utf8'), yml);
  // An rc without a TypeScript loader, or --no-config, changes nothing.
  const plain = tempProject({ 'package.json': '{}', '.mocharc.json': '{ "require": "./setup.js" }' }, ['mocha']);
  assert.equal(await withoutTypeScriptLoaders(['npx', 'mocha'], plain, {}), undefined);
  assert.equal(await withoutTypeScriptLoaders(['npx', 'mocha', '--no-config'], cwd, {}), undefined);
});

// unseen4 author B: under `conlens check`, `node --import tsx --test` in a package without "type"
// failed in every run ("require is not defined in ES module scope") and passed by hand. Our loader
// was stacked under tsx, which took our CommonJS output of a .ts file for an ES module. A plain
// run of a command that loads TypeScript itself now runs as written, without ours.
test('a plain run of a command with its own TypeScript loader runs without ours; a command without one, with ours', async () => {
  const cwd = tempProject({
    'package.json': '{}',
    'node_modules/tsx/package.json': '{ "name": "tsx", "exports": { ".": "./index.mjs" } }',
    'node_modules/tsx/index.mjs': '',
    'probe.mjs': 'console.log(/register/.test(process.env.NODE_OPTIONS ?? "") ? "ours" : "not ours");\n',
  });
  const run = async (command: string[]) => (await runCommand({ label: 'unit.command', spec: command, cwd, timeoutMs: 30_000 })).output.trim();
  assert.equal(await run(['node', '--import', 'tsx', 'probe.mjs']), 'not ours');
  assert.equal(await run(['node', 'probe.mjs']), 'ours');
});
