// End to end: a real test command, instrumented by the loader, traced, read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { readSamples, runTraced, summarizeRun, traceFiles, type PointSample } from '../../src/core/trace/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

const CONFIG = JSON.stringify({
  include: ['src/**/*.ts'],
  unit: { command: 'node --test test/*.test.ts' },
  integration: { command: 'node --test test/*.test.ts' },
  timeoutMs: 20000,
});

async function samplesOf(runDir: string): Promise<PointSample[]> {
  const samples: PointSample[] = [];
  await readSamples(runDir, (s) => samples.push(s));
  return samples;
}

test('ENTER/EXIT samples with parameters, this fields, return values, orig and exit lines', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': CONFIG,
    'src/counter.ts': `export class Counter {
  count = 0;
  add(n: number): number {
    if (n < 0) {
      return this.count;
    }
    this.count += n;
    return this.count;
  }
  fail(): void { throw new RangeError('no'); }
}`,
    'test/counter.test.ts': `import { test } from 'node:test';
import assert from 'node:assert';
import { Counter } from '../src/counter.ts';
test('counts', () => {
  const c = new Counter();
  assert.equal(c.add(2), 2);
  assert.equal(c.add(-1), 2);
  assert.throws(() => c.fail(), RangeError);
});`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'unit' });
  assert.equal(run.passed, true, run.output);
  assert.ok(run.runDir.startsWith(join(root, '.conlens', 'runs')));
  assert.ok(existsSync(join(run.runDir, 'run.json')));
  const samples = await samplesOf(run.runDir);
  const add = samples.filter((s) => s.function === 'Counter.add');
  assert.deepEqual(add.map((s) => s.kind), ['ENTER', 'EXIT', 'ENTER', 'EXIT']);
  assert.equal(add[0].vars.n, 2);
  assert.equal(add[0].vars['this.count'], 0);
  assert.equal(add[1].vars.return, 2);
  assert.equal(add[1].vars['this.count'], 2);
  assert.equal(add[1].orig?.['this.count'], 0, 'orig() is the ENTER value');
  assert.equal(add[1].exitLine, 8);
  assert.equal(add[3].exitLine, 5);
  assert.equal(add[1].nonce, add[0].nonce);
  assert.notEqual(add[2].nonce, add[0].nonce);
  const fail = samples.filter((s) => s.function === 'Counter.fail');
  assert.equal(fail[1].threw, true);
  assert.ok(add[0].order! < add[2].order!);
});

test('concurrent async calls become tasks; awaited calls stay in their caller\'s task', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': CONFIG,
    'src/work.ts': `export async function step(n: number): Promise<number> { await null; return n; }
export async function job(n: number): Promise<number> { const a = await step(n); return a + (await step(1)); }
export async function both(): Promise<number[]> { return Promise.all([job(1), job(2)]); }`,
    'test/work.test.ts': `import { test } from 'node:test';
import assert from 'node:assert';
import { both } from '../src/work.ts';
test('both', async () => { assert.deepEqual(await both(), [2, 3]); });`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(run.passed, true, run.output);
  const summary = await summarizeRun(run.runDir);
  const [file] = summary.files;
  // job(1) is spawned when job(2) starts; job(2) stays in both()'s task (both() only waits for
  // them), so the two jobs — the activations that run at once — carry different labels.
  assert.equal(file.tasks, 2);
  assert.equal(summary.byKind.spawn, 1, 'the first job is spawned when the second starts; the second is joined by Promise.all');
  assert.equal(summary.points.find((p) => p.function === 'step')?.exit, 4);
});

test('field reads and writes are recorded in integration runs only', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': CONFIG,
    'src/box.ts': `export class Box { v = 1; items: number[] = []; put(x: number) { this.v = x; this.items.push(x); return this.v; } }`,
    'test/box.test.ts': `import { test } from 'node:test';
import { Box } from '../src/box.ts';
test('box', () => { new Box().put(3); });`,
  });
  const unit = await summarizeRun((await runTraced(loadConfig(root), { suite: 'unit' })).runDir);
  assert.equal(unit.byKind.rd, undefined);
  const integration = await summarizeRun((await runTraced(loadConfig(root), { suite: 'integration' })).runDir);
  // this.v = x, and this.items.push(x) as a write of the array; reads: this.items and this.v.
  assert.equal(integration.byKind.wr, 2, JSON.stringify(integration.byKind));
  assert.equal(integration.byKind.rd, 2);
});

test('a hanging test is killed at timeoutMs and its trace is still flushed', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: ['node', 'test/hang.ts'] }, timeoutMs: 5000 }),
    'src/wait.ts': `export async function forever(): Promise<void> { await new Promise(() => {}); }
export function tick(): number { return 1; }`,
    'test/hang.ts': `import { forever, tick } from '../src/wait.ts';
tick();
setInterval(() => {}, 1000);
await forever();`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'unit' });
  assert.equal(run.timedOut, true);
  assert.equal(run.passed, false);
  const [file] = traceFiles(run.runDir);
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { e: string; reason?: string; signal?: string });
  assert.deepEqual(lines.at(-1), { e: 'end', events: lines.length, reason: 'signal', signal: 'SIGTERM' });
  assert.ok(lines.some((l) => l.e === 'en'));
});

test('CommonJS projects are traced too', async () => {
  const root = tempProject({
    'conlens.config.json': CONFIG,
    'src/m.ts': 'export function twice(x: number) { return 2 * x; }',
    'test/m.test.ts': `const { test } = require('node:test'); const { twice } = require('../src/m');
test('twice', () => { if (twice(2) !== 4) throw new Error('bad'); });`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'unit' });
  assert.equal(run.passed, true, run.output);
  const samples = await samplesOf(run.runDir);
  assert.deepEqual(samples.map((s) => `${s.function}:${s.kind}`), ['twice:ENTER', 'twice:EXIT']);
});

test('mocha, serial and --parallel: every worker process writes its trace', async () => {
  const mocha = join(__dirname, '..', '..', 'node_modules', 'mocha', 'bin', 'mocha.js');
  const spec = `import assert from 'node:assert';
import { Acc } from '../src/acc.ts';
describe('acc', () => { it('adds', async () => { assert.equal(await new Acc().add(2), 2); }); });`;
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({
      include: ['src/**'],
      unit: { command: [process.execPath, mocha, '--extension', 'ts', 'test/a.spec.ts', 'test/b.spec.ts'] },
      integration: { command: [process.execPath, mocha, '--parallel', '--jobs', '2', '--extension', 'ts', 'test/a.spec.ts', 'test/b.spec.ts'] },
    }),
    'src/acc.ts': 'export class Acc { b = 0; async add(n: number) { await null; this.b += n; return this.b; } }',
    'test/a.spec.ts': spec,
    'test/b.spec.ts': spec,
  });
  for (const suite of ['unit', 'integration'] as const) {
    const run = await runTraced(loadConfig(root), { suite });
    assert.equal(run.passed, true, run.output);
    const summary = await summarizeRun(run.runDir);
    assert.equal(summary.points.find((p) => p.function === 'Acc.add')?.exit, 2, suite);
    // --parallel runs the specs in worker processes (usually one each): each writes its own file.
    if (suite === 'integration') assert.ok(summary.files.length >= 1 && summary.files.every((f) => !f.truncated));
  }
});
