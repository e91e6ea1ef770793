// concurrently(...fns) (src/core/runtime/concurrently.ts): Promise.all semantics without the
// scheduler; under it, each function's start is a scheduling point the strategy orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { fuzz } from '../../src/core/active/index.ts';
import { concurrently } from '../../src/core/runtime/concurrently.ts';
import { REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('without the scheduler: called in order, results in order, every failure reported', async () => {
  const order: string[] = [];
  const results = await concurrently(
    async () => { order.push('a'); await null; return 1; },
    () => { order.push('b'); return 'two'; },
  );
  assert.deepEqual(results, [1, 'two']);
  assert.deepEqual(order, ['a', 'b']);
  await assert.rejects(concurrently(async () => { throw new RangeError('one'); }, async () => 2), RangeError);
  await assert.rejects(concurrently(async () => { throw new Error('x'); }, async () => { throw new Error('y'); }), (error: unknown) => error instanceof AggregateError && error.errors.length === 2);
  await assert.rejects(concurrently((() => 1) as never, 3 as never), /argument 2 is not a function/);
});

test('under the scheduler the strategy decides which function starts first', async () => {
  const helper = join(REPO, 'src', 'core', 'runtime', 'concurrently.ts');
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/start.test.ts' }, timeoutMs: 20000 }),
    'src/work.ts': `export const log: string[] = [];
export async function step(name: string): Promise<void> {
  log.push(name);
  await null;
}`,
    'test/start.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concurrently } from ${JSON.stringify(helper)};
import { log, step } from '../src/work.ts';
test('a starts first', async () => {
  await concurrently(() => step('a'), () => step('b'));
  assert.deepEqual(log, ['a', 'b']);
});`,
  });
  const result = await fuzz(loadConfig(root), { strategy: 'random', runs: 8, seed: 1, jobs: 2 });
  assert.ok(result.violations > 0 && result.violations < 8, `b started first in ${result.violations}/8 runs`);
  assert.equal(result.firstViolation?.kind, 'failed assertion');
  assert.ok(result.firstViolation!.schedule.some((s) => /task 2 starts|conlens:concurrently/.test(`${s.file} ${s.event}`)), JSON.stringify(result.firstViolation!.schedule));
});

test('users import it as concurrency-lens/concurrently, from ES modules and CommonJS alike', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'esm.mjs': `import { concurrently } from 'concurrency-lens/concurrently';
console.log(JSON.stringify(await concurrently(async () => 1, () => 'two')));`,
    'cjs.cjs': `const { concurrently } = require('concurrency-lens/concurrently');
concurrently(() => 3).then((r) => console.log(JSON.stringify(r)));`,
  });
  // As if the project had installed us: node_modules/concurrency-lens is this repository (built).
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'concurrency-lens'), 'dir');
  const run = (file: string) => execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }).trim();
  assert.equal(run('esm.mjs'), '[1,"two"]');
  assert.equal(run('cjs.cjs'), '[3]');
});
