// conlens synth on each common way a module hands out its code (issue 31): a default-exported
// class, CommonJS `module.exports = class`, `exports.f = function`, and a factory closure
// (`createCounter()` returning `{ inc() {…} }`). Each has the same lost update; each synthesized
// test must build the object the way the module exports it and catch the bug with the oracle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { synthesize } from '../../src/core/synth/synthesize.ts';
import { runTest } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const INC = `  async inc(by) {
    const v = this.n;
    await new Promise((r) => setTimeout(r, 1));
    this.n = v + by;
    return this.n;
  }`;
const TS_CONFIG = '{ "include": ["src/**/*.ts"], "unit": { "command": "node --test test/*.test.ts" } }';
const JS_CONFIG = '{ "include": ["src/**/*.js"], "unit": { "command": "node --test test/*.test.js" } }';
const nodeTest = (imports: string, body: string) => `${imports}\ntest('seed', async () => { ${body} });\n`;

const FORMS: Record<string, { files: Record<string, string>; setup: RegExp; calls: RegExp }> = {
  'export default class': {
    files: {
      'conlens.config.json': TS_CONFIG,
      'src/counter.ts': `export default class Counter {\n  n = 0;\n${INC.replace('inc(by)', 'inc(by: number)')}\n}\n`,
      'test/counter.test.ts': nodeTest("import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport Counter from '../src/counter.ts';", 'const c = new Counter(); await c.inc(1); assert.equal(await c.inc(2), 3);'),
    },
    setup: /^const counter1 = new m0\.default\(\);$/,
    calls: /^counter1\.inc\(\d\)$/,
  },
  'module.exports = class': {
    files: {
      'conlens.config.json': JS_CONFIG,
      'src/counter.js': `'use strict';\nmodule.exports = class Counter {\n  constructor() { this.n = 0; }\n${INC}\n};\n`,
      'test/counter.test.js': nodeTest("const { test } = require('node:test');\nconst assert = require('node:assert/strict');\nconst Counter = require('../src/counter.js');", 'const c = new Counter(); await c.inc(1); assert.equal(await c.inc(2), 3);'),
    },
    setup: /^const counter1 = new m0\.default\(\);$/,
    calls: /^counter1\.inc\(\d\)$/,
  },
  'exports.f = function': {
    files: {
      'conlens.config.json': JS_CONFIG,
      'src/store.js': "'use strict';\nexports.add = async function add(box, by) {\n  const v = box.n;\n  await new Promise((r) => setTimeout(r, 1));\n  box.n = v + by;\n  return box.n;\n};\nexports.Box = class Box { constructor() { this.n = 0; } };\n",
      'test/store.test.js': nodeTest("const { test } = require('node:test');\nconst assert = require('node:assert/strict');\nconst store = require('../src/store.js');", 'const b = new store.Box(); await store.add(b, 1); assert.equal(await store.add(b, 2), 3);'),
    },
    setup: /^const box1 = new m0\.default\.Box\(\);$/,
    calls: /^m0\.default\.add\(box1, \d\)$/,
  },
  'factory closure': {
    files: {
      'conlens.config.json': TS_CONFIG,
      'src/counter.ts': 'export function createCounter() {\n  const state = { n: 0 };\n  return {\n    async inc(by: number) {\n      const v = state.n;\n      await new Promise((r) => setTimeout(r, 1));\n      state.n = v + by;\n      return state.n;\n    },\n  };\n}\n',
      'test/counter.test.ts': nodeTest("import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { createCounter } from '../src/counter.ts';", 'const c = createCounter(); await c.inc(1); assert.equal(await c.inc(2), 3);'),
    },
    setup: /^const object1 = m0\.createCounter\(\);$/,
    calls: /^object1\.inc\(\d\)$/,
  },
};

for (const [form, { files, setup, calls }] of Object.entries(FORMS)) {
  test(`${form}: synthesized as the module exports it, and the oracle catches the lost update`, async () => {
    const root = tempProject(files);
    const out = await synthesize(loadConfig(root), { method: 'intruder' });
    assert.deepEqual(out.skipped.map((s) => s.note), []);
    assert.equal(out.tests.length, 1, JSON.stringify(out.tests.map((t) => t.parts)));
    const [t] = out.tests;
    assert.match(t.setup.at(-1)!, setup, t.setup.join('\n'));
    for (const part of t.calls) assert.match(part[0], calls);
    const run = runTest(out.files[0], root);
    assert.match(run, /^FAILED/, readFileSync(out.files[0], 'utf8'));
    assert.match(run, /concurrency error: no linearization shows what the concurrent run did/);
  });
}

test('an object an exported function made is built by calling it; a skipped candidate says in plain words why and what to do', async () => {
  const made = tempProject({
    'conlens.config.json': TS_CONFIG,
    'src/counter.ts': `class Counter {\n  n = 0;\n${INC.replace('inc(by)', 'inc(by: number)')}\n}\nexport function make() { return new Counter(); }\n`,
    'test/counter.test.ts': nodeTest("import { test } from 'node:test';\nimport { make } from '../src/counter.ts';", 'const c = make(); await c.inc(1); await c.inc(2);'),
  });
  // Reached only through an object the module exports: no test can name the class.
  const hidden = tempProject({
    'conlens.config.json': TS_CONFIG,
    'src/counter.ts': `class Counter {\n  n = 0;\n${INC.replace('inc(by)', 'inc(by: number)')}\n}\nexport const api = { Counter };\n`,
    'test/counter.test.ts': nodeTest("import { test } from 'node:test';\nimport { api } from '../src/counter.ts';", 'const c = new api.Counter(); await c.inc(1); await c.inc(2);'),
  });
  const [m, h] = [await synthesize(loadConfig(made), { method: 'intruder' }), await synthesize(loadConfig(hidden), { method: 'intruder' })];
  assert.equal(m.tests.length, 1);
  assert.equal(m.tests[0].setup[0], 'const counter1 = m0.make();');
  assert.equal(h.tests.length, 0);
  assert.ok(h.skipped.length > 0 && h.skipped.every((s) => /^Counter is not exported from src\/counter\.ts, so a test cannot reach it \(export it: export class \/ export function \/ export default \/ module\.exports\)$/.test(s.note)), JSON.stringify(h.skipped));
});

// A CommonJS module's own state (`let total` behind `exports.add`): importing it again does not
// renew it, so each run of setup loads it out of require's cache — in a CommonJS project and
// from an ES-module test folder alike — and the oracle sees the lost update, not the state an
// earlier run left.
for (const type of ['commonjs', 'module'] as const) {
  test(`CommonJS module state (${type} tests): loaded afresh for each run, and the oracle catches the lost update`, async () => {
    const root = tempProject({
      'conlens.config.json': JS_CONFIG,
      'package.json': JSON.stringify({ type }),
      'src/package.json': '{ "type": "commonjs" }',
      'src/total.js': "'use strict';\nlet total = 0;\nexports.add = async (by) => { const v = total; await new Promise((r) => setTimeout(r, 1)); total = v + by; return total; };\nexports.get = () => total;\n",
      'test/package.json': '{ "type": "commonjs" }',
      'test/total.test.js': nodeTest("const { test } = require('node:test');\nconst assert = require('node:assert/strict');\nconst { add, get } = require('../src/total.js');", 'await add(1); await add(2); assert.equal(get(), 3);'),
    });
    const out = await synthesize(loadConfig(root), { method: 'intruder' });
    assert.deepEqual(out.skipped.map((s) => s.note), []);
    assert.equal(out.tests.length, 1, JSON.stringify(out.tests.map((t) => t.parts)));
    const text = readFileSync(out.files[0], 'utf8');
    assert.match(text, /const m0 = requireAfresh\("\.\.\/\.\.\/src\/total\.js"\);/);
    assert.match(text, type === 'module' ? /createRequire\(import\.meta\.url\)/ : /createRequire\(__filename\)/);
    const run = runTest(out.files[0], root);
    assert.match(run, /^FAILED/, text);
    assert.match(run, /concurrency error: no linearization shows what the concurrent run did/, text);
    // The same test on the update made before the await: correct, and it passes only if every run
    // starts from a just-loaded module (a run on an earlier run's total returns 3 and 4, which no linearization
    // from 0 shows).
    writeFileSync(join(root, 'src/total.js'), "'use strict';\nlet total = 0;\nexports.add = async (by) => { const v = total; total = v + by; await new Promise((r) => setTimeout(r, 1)); return v + by; };\nexports.get = () => total;\n");
    assert.doesNotMatch(runTest(out.files[0], root), /^FAILED/, text);
  });
}
