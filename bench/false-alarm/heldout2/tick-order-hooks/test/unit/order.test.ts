import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRunner, Metrics } from '../../src/job-runner.ts';
import { ConfigLoader, parse } from '../../src/config-loader.ts';

test('parse reads key = value lines', () => {
  assert.deepEqual(parse('a = 1\n# comment\nb.c=two\n'), { a: '1', 'b.c': 'two' });
});

test('a finished job has run its hooks before the caller continues', async () => {
  const runner = new JobRunner();
  const metrics = new Metrics();
  metrics.attach(runner);
  const r = await runner.run('build', 2);
  assert.deepEqual(r, { name: 'build', value: 5 });
  assert.equal(metrics.count, 1);
  assert.deepEqual(runner.order, ['hooks build', 'settled build']);
});

test('a failing job rejects and runs no hook', async () => {
  const runner = new JobRunner();
  const metrics = new Metrics();
  metrics.attach(runner);
  await assert.rejects(runner.run('x', 1, () => { throw new Error('broken'); }), /broken/);
  assert.equal(metrics.count, 0);
});

test('the loader applies before it notifies', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tick-unit-'));
  try {
    await writeFile(join(dir, 'app.conf'), 'port = 8080\n');
    const loader = new ConfigLoader();
    const seen: string[] = [];
    loader.onLoaded((c) => seen.push(c.port));
    assert.deepEqual(await loader.load(join(dir, 'app.conf')), { port: '8080' });
    assert.deepEqual(seen, ['8080']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
