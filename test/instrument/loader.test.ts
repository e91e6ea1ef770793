// The loader hook alone (no instrumentation yet): TypeScript files run as the user wrote them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { registerEntry } from '../../src/core/runner/run-command.ts';
import { tempProject } from '../helpers/temp-project.ts';

function runNode(cwd: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--require', registerEntry(), ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr };
}

test('ES modules: .ts imported by its .ts name, by a .js name (NodeNext style) and extensionless', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'src/a.ts': 'export const a: string = "a";',
    'src/b.ts': 'export const b: string = "b";',
    'src/c/index.ts': 'export const c: string = "c";',
    'main.ts': `import { a } from './src/a.ts'; import { b } from './src/b.js'; import { c } from './src/c';
import type { Buffer } from 'node:buffer';
const t: Buffer | undefined = undefined; void t;
console.log(a + b + c);`,
  });
  const { status, out, err } = runNode(root, ['main.ts']);
  assert.equal(status, 0, err);
  assert.equal(out, 'abc');
});

test('a .js name with a query (a module conlens synth imports afresh) is a new instance of the .ts module', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'src/counter.ts': 'let n: number = 0; export function next(): number { return ++n; }',
    'main.ts': `const a = await import('./src/counter.js?run=1'); const b = await import('./src/counter.js?run=2');
console.log([a.next(), a.next(), b.next()].join());`,
  });
  const { status, out, err } = runNode(root, ['main.ts']);
  assert.equal(status, 0, err);
  assert.equal(out, '1,2,1');
});

test('CommonJS: require of .ts with and without extension, and of .cts', () => {
  const root = tempProject({
    'src/a.ts': 'export const a = 1 as number;',
    'src/b.cts': 'module.exports = { b: 2 };',
    'main.ts': `const { a } = require('./src/a'); const { b } = require('./src/b.cts'); import { a as a2 } from './src/a.js';
console.log(a + b + a2);`,
  });
  const { status, out, err } = runNode(root, ['main.ts']);
  assert.equal(status, 0, err);
  assert.equal(out, '4');
});

test('.mts is always an ES module, .cts always CommonJS', () => {
  const root = tempProject({
    'm.mts': 'export default (x: number) => x * 2;',
    'main.mts': `import double from './m.mts'; console.log(double(21), typeof require);`,
  });
  const { status, out, err } = runNode(root, ['main.mts']);
  assert.equal(status, 0, err);
  assert.equal(out, '42 undefined');
});

test('stack traces point at the TypeScript source lines', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'thrower.ts': `interface Unused { x: number }

export function fail(): never {
  throw new Error('here');
}`,
    'main.ts': `import { fail } from './thrower.ts';
try { fail(); } catch (e) { console.log((e as Error).stack?.split('\\n')[1]); }`,
  });
  const { status, out, err } = runNode(root, ['main.ts']);
  assert.equal(status, 0, err);
  assert.ok(out.includes(`${join(root, 'thrower.ts')}:4:9`), out);
});

test('JavaScript and node_modules are left to Node', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'node_modules/dep/package.json': '{ "name": "dep", "type": "module", "main": "index.js" }',
    'node_modules/dep/index.js': 'export const dep = "dep";',
    'main.js': `import { dep } from 'dep'; console.log(dep);`,
  });
  const { status, out, err } = runNode(root, ['main.js']);
  assert.equal(status, 0, err);
  assert.equal(out, 'dep');
});

test('a missing module still fails with Node\'s own error', () => {
  const root = tempProject({ 'package.json': '{ "type": "module" }', 'main.ts': `import './nope.js';` });
  const { status, err } = runNode(root, ['main.ts']);
  assert.notEqual(status, 0);
  assert.match(err, /ERR_MODULE_NOT_FOUND/);
  assert.match(err, /nope\.js/);
});

// issue 20: an `--import` preload runs a CommonJS entry's top level inside a microtask, so its
// promise jobs ran before its nextTick callbacks. The register is a `--require` preload: the order
// is Node's own, with and without tracing, under the scheduler too, for .js, .ts and ESM entries.
test('the entry module sees the same nextTick / promise / timer order as under plain node', () => {
  const program = `const order = [];
process.nextTick(() => order.push('tick1'));
Promise.resolve().then(() => { order.push('then1'); process.nextTick(() => order.push('tick-in-then')); });
queueMicrotask(() => order.push('micro'));
// The timer is set from the immediate: a top-level 5 ms timer raced the check phase on a loaded
// machine (Node orders them by the clock, not by registration).
setImmediate(() => { order.push('immediate'); setTimeout(() => { order.push('timeout'); console.log(order.join(' ')); }, 5); });
process.nextTick(() => { order.push('tick2'); Promise.resolve().then(() => order.push('then-in-tick')); });
`;
  const root = tempProject({ 'main.cjs': program, 'main.mjs': program, 'main.ts': `export {};\n${program.replace('const order = []', 'const order: string[] = []')}` });
  const settings = (schedule: boolean) => JSON.stringify({ root, include: ['*.ts', '*.cjs', '*.mjs'], runDir: join(root, '.conlens', 'runs', schedule ? 's' : 't'), fields: true, depth: 2, locks: [], ...(schedule ? { schedule: { strategy: 'random', seed: 3 } } : {}) });
  for (const entry of ['main.cjs', 'main.mjs']) {
    const plain = spawnSync(process.execPath, [entry], { cwd: root, encoding: 'utf8' });
    assert.equal(plain.status, 0, plain.stderr);
    for (const env of [{}, { CONLENS_TRACE: settings(false) }, { CONLENS_TRACE: settings(true) }]) {
      const ours = spawnSync(process.execPath, ['--require', registerEntry(), entry], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
      assert.equal(ours.status, 0, ours.stderr);
      assert.equal(ours.stdout, plain.stdout, `${entry} ${Object.keys(env).join('') || 'loader only'}`);
    }
  }
  // A .ts entry (CommonJS here: no "type": "module") orders as the .cjs one does.
  const ts = runNode(root, ['main.ts']);
  assert.equal(ts.status, 0, ts.err);
  assert.equal(ts.out, spawnSync(process.execPath, ['main.cjs'], { cwd: root, encoding: 'utf8' }).stdout.trim());
});

test('a process that a Vitest or Jest test starts itself still loads TypeScript through the hooks', () => {
  // register.ts leaves the ESM hooks out of the runners' own processes (marked by
  // CONLENS_RUNNER_PIPELINE, inherited by everything they start); a test's child is not one.
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'src/a.ts': 'export const a: string = "a";',
    'main.ts': `import { a } from './src/a.ts'; console.log(a);`,
  });
  for (const runner of ['vitest', 'jest']) {
    const result = spawnSync(process.execPath, ['--require', registerEntry(), 'main.ts'], { cwd: root, encoding: 'utf8', env: { ...process.env, CONLENS_RUNNER_PIPELINE: runner } });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim(), 'a');
  }
});

// A real suite (DirtyHairy/async-mutex, Mocha + ts-node) calls `import * as assert from 'assert'`
// as a function: that works only without esModuleInterop, as its tsconfig has it. The loader
// follows the project's tsconfig.json for the options that change what the code does.
test("the project's tsconfig decides esModuleInterop and class-field semantics, as its own build would", () => {
  const program = `import * as assert from 'assert';
class Base { set x(v: number) { console.log('setter', v); } }
class Derived extends Base { x = 1; }
new Derived();
assert(typeof assert === 'function');
console.log('ok');`;
  const legacy = tempProject({
    'tsconfig.json': '{ "compilerOptions": { "module": "commonjs", "target": "ES2017", /* a comment */ "strict": true } }',
    'main.ts': program,
  });
  const legacyRun = runNode(legacy, ['main.ts']);
  assert.equal(legacyRun.status, 0, legacyRun.err);
  // [[Set]] below ES2022: the base class's setter runs, as tsc's output for ES2017 does.
  assert.equal(legacyRun.out, 'setter 1\nok');
  const modern = tempProject({
    'tsconfig.json': '{ "extends": "./base.json" }',
    'base.json': '{ "compilerOptions": { "module": "commonjs", "target": "ES2022", "esModuleInterop": true } }',
    'main.ts': program,
  });
  const modernRun = runNode(modern, ['main.ts']);
  // esModuleInterop (through extends): the namespace object is not callable; [[Define]] fields.
  assert.notEqual(modernRun.status, 0);
  assert.match(modernRun.err, /assert is not a function/);
  assert.equal(modernRun.out, '');
});

test("tsconfig `paths` aliases resolve as tsx resolves them, in ES modules and CommonJS; a package Node finds and a missing alias stay Node's", () => {
  const tsconfig = (module: string) => `{
  // JSONC, as tsc reads it
  "compilerOptions": { "module": "${module}", "esModuleInterop": true, "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"], "#store": ["src/store.ts"] }, },
}`;
  const files = (type: string, module: string) => ({
    'package.json': JSON.stringify({ type }),
    'tsconfig.json': tsconfig(module),
    'src/lib/delay.ts': 'export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));',
    'src/store.ts': "import { delay } from '@lib/delay';\nexport const store = async () => { await delay(1); return 'stored'; };",
    'main.ts': "import { store } from '#store';\nimport { delay } from '@lib/delay.ts';\nawait delay(1);\nconsole.log(await store());",
    'cjs.ts': "import { store } from '#store';\nstore().then((v) => console.log(v));",
    'missing.ts': "import { nothing } from '@lib/nothing';\nconsole.log(nothing);",
  });
  const esm = tempProject(files('module', 'NodeNext'));
  assert.deepEqual(runNode(esm, ['main.ts']).out, 'stored');
  const cjs = tempProject(files('commonjs', 'CommonJS'));
  const ran = runNode(cjs, ['cjs.ts']);
  assert.equal(ran.status, 0, ran.err);
  assert.equal(ran.out, 'stored');
  for (const root of [esm, cjs]) {
    const missing = runNode(root, ['missing.ts']);
    assert.notEqual(missing.status, 0);
    assert.match(missing.err, /Cannot find (package|module) '@lib\/nothing'/);
  }
});

test('a tsconfig `paths` alias applies to the project\'s files, not to an installed package\'s imports (Node\'s answer stays)', () => {
  const files = (type: string, module: string) => ({
    'package.json': JSON.stringify({ type }),
    'tsconfig.json': `{ "compilerOptions": { "module": "${module}", "esModuleInterop": true, "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }`,
    'src/lib/delay.ts': 'export const delay = 1;',
    // A package probing for an optional module, as Jest's config does (`jest-sequencer-…`).
    'node_modules/probe/package.json': JSON.stringify({ name: 'probe', main: 'index.js' }),
    'node_modules/probe/index.js': "let found;\ntry { found = require.resolve('@lib/delay'); } catch (error) { found = error.code; }\nmodule.exports = found;",
    'main.ts': "import found from 'probe';\nconsole.log(found);",
  });
  for (const [type, module] of [['module', 'NodeNext'], ['commonjs', 'CommonJS']]) {
    const ran = runNode(tempProject(files(type, module)), ['main.ts']);
    assert.equal(ran.status, 0, ran.err);
    assert.equal(ran.out, 'MODULE_NOT_FOUND');
  }
});
