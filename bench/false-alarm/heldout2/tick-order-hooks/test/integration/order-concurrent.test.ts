import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRunner, Metrics } from '../../src/job-runner.ts';
import { ConfigLoader } from '../../src/config-loader.ts';

test('each of many concurrent jobs has its hooks done when its caller resumes', async () => {
  const runner = new JobRunner();
  const metrics = new Metrics();
  metrics.attach(runner);
  const names = ['lint', 'compile', 'test', 'package', 'deploy'];
  const seen = await Promise.all(
    names.map(async (name, i) => {
      const r = await runner.run(name, 2 + i * 3);
      return metrics.values.get(name) === r.value;
    }),
  );
  assert.deepEqual(seen, [true, true, true, true, true]);
  assert.equal(metrics.count, 5);
});

test('for every job the hooks come before its promise reactions', async () => {
  const runner = new JobRunner();
  await Promise.all([runner.run('a', 1), runner.run('bb', 5), runner.run('ccc', 20)]);
  for (const name of ['a', 'bb', 'ccc']) {
    assert.ok(runner.order.indexOf(`hooks ${name}`) < runner.order.indexOf(`settled ${name}`), runner.order.join(', '));
  }
  assert.equal(runner.order.length, 6);
});

test('jobs of clearly different lengths finish in the order of their timers', async () => {
  const runner = new JobRunner();
  const finished: string[] = [];
  await Promise.all([
    runner.run('slow', 120).then((r) => finished.push(r.name)),
    runner.run('fast', 1).then((r) => finished.push(r.name)),
    runner.run('mid', 40).then((r) => finished.push(r.name)),
  ]);
  assert.deepEqual(finished, ['fast', 'mid', 'slow']);
});

test('concurrent config loads: every listener call sees the config of a finished apply', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tick-int-'));
  try {
    const files = ['a', 'b', 'c', 'd'].map((n) => join(dir, `${n}.conf`));
    await Promise.all(files.map((f, i) => writeFile(f, `name = ${i}\nsize = ${i * 10}\n`)));
    const loaders = files.map(() => new ConfigLoader());
    const seen: Array<string | undefined> = [];
    loaders.forEach((l) => l.onLoaded((c) => seen.push(c.name)));
    const configs = await Promise.all(loaders.map((l, i) => l.load(files[i])));
    assert.deepEqual(configs.map((c) => c.name), ['0', '1', '2', '3']);
    assert.deepEqual([...seen].sort(), ['0', '1', '2', '3']);
    for (const [i, l] of loaders.entries()) assert.deepEqual(l.events, [`apply ${files[i]}`, `notify ${files[i]}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
