// Scheduled runs make the awaits of the project's files outside `include` (the tests and their
// helpers) scheduling points, with no other instrumentation (instrument-config.ts
// instrumentationFor, the transformer's awaitsOnly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';
import { instrumentationFor, type TraceSettings } from '../../src/core/instrument/instrument-config.ts';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const SOURCE = `import { Account } from '../src/account.ts';
export const log: string[] = [];
function helper(a: Account) { return a.balance + 1; }
export const closer = async (a: Account) => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
  a.balance = helper(a);
  log.push('closed');
};`;

test('awaitsOnly: awaits are suspension points; no program points, field or lock events', () => {
  const out = transpileTypeScript(SOURCE, '/p/test/closer.test.ts', 'module', { file: 'test/closer.test.ts', fields: false, lockMethods: [], acquireMethods: [], scheduled: true, awaitsOnly: true });
  assert.equal(out.instrumentError, undefined);
  assert.match(out.code, /__conlens_rt\.a[wc]\(/);
  assert.match(out.code, /__conlens_rt\.rs\(/);
  assert.doesNotMatch(out.code, /__conlens_rt\.(en|rd|wr|mc|rt)\(/);
  // The synchronous helper keeps its body as written (no frame).
  assert.match(out.code, /function helper\(a\) \{ return a\.balance \+ 1; \}/);
});

test("a settled promise handed on is the program's (po) in included code only: test code's stub and a direct await stay the mocked-I/O delay", () => {
  const code = `export const stub = { serve: () => Promise.resolve() };
export function acquire() { return Promise.resolve(); }
export async function yieldPoint() { await Promise.resolve(); await (Promise.reject(new Error('x'))).catch(() => 0); }`;
  const settings = { fields: false, lockMethods: [], acquireMethods: [], scheduled: true };
  const program = transpileTypeScript(code, '/p/src/sem.ts', 'module', { file: 'src/sem.ts', ...settings });
  const tests = transpileTypeScript(code, '/p/test/sem.test.ts', 'module', { file: 'test/sem.test.ts', ...settings, awaitsOnly: true });
  assert.equal((program.code.match(/__conlens_rt\.po\(/g) ?? []).length, 3, program.code);
  assert.match(program.code, /await __conlens_rt\.ac\([^)]*, Promise\.resolve\(\)\)/, 'the direct await is left as it is');
  assert.doesNotMatch(tests.code, /__conlens_rt\.p[oa]\(/, tests.code);
});

test('instrumentationFor: include fully; other project files awaits-only, only when scheduled', () => {
  const root = '/p';
  const base: TraceSettings = { root, include: ['src/**/*.ts'], runDir: '/p/.conlens/runs/x', fields: true, depth: 2, locks: [] };
  const own = '/conlens/dist';
  const traced = instrumentationFor(base, own);
  assert.equal(traced(join(root, 'src/account.ts'))?.awaitsOnly, undefined);
  assert.equal(traced(join(root, 'test/a.test.ts')), undefined, 'tracing alone leaves tests alone');
  const scheduled = instrumentationFor({ ...base, schedule: { strategy: 'random', seed: 1 } }, own);
  assert.equal(scheduled(join(root, 'src/account.ts'))?.fields, true);
  assert.deepEqual(scheduled(join(root, 'test/a.test.ts')), { file: 'test/a.test.ts', fields: false, lockMethods: [], acquireMethods: [], scheduled: true, awaitsOnly: true });
  assert.equal(scheduled(join(root, 'node_modules/x/index.js')), undefined);
  assert.equal(scheduled('/elsewhere/b.ts'), undefined);
  const off = instrumentationFor({ ...base, schedule: { strategy: 'random', seed: 1, outsideAwaits: false } }, own);
  assert.equal(off(join(root, 'test/a.test.ts')), undefined);
});

test('each call of an async function of test code is a task of its own for the strategies', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/store.test.ts' }, timeoutMs: 20000 }),
    'src/store.ts': 'export class Store { value = 0; }',
    'test/store.test.ts': `import { test } from 'node:test';
import { Store } from '../src/store.ts';
test('two test-code increments', async () => {
  const store = new Store();
  const increment = async () => {
    const v = store.value;
    await null;
    store.value = v + 1;
  };
  await Promise.all([increment(), increment()]);
});`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'pct', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sched = events.flatMap((e) => (e.e === 'sched' ? [e] : []));
  assert.ok(sched.every((e) => e.a === null), 'only test-code continuations');
  // The test's own function and the two increments: three tasks, none of them null.
  const tasks = new Set(sched.map((e) => e.t));
  assert.equal(tasks.size, 3, `tasks ${[...tasks].join(', ')}`);
  assert.ok([...tasks].every((t) => t !== null && t < 0));
});
