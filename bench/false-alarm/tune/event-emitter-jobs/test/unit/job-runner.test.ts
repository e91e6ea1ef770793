import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobRunner } from '../../src/job-runner.ts';

test('run resolves with the job output', async () => {
  const runner = new JobRunner();
  assert.deepEqual(await runner.run('hello'), { id: 'job-1', output: 'HELLO' });
  assert.equal(runner.listeners(), 0);
});

test('run rejects when the job fails', async () => {
  const runner = new JobRunner();
  await assert.rejects(runner.run('boom'), /exploded/);
  assert.equal(runner.listeners(), 0);
});

test('start returns increasing ids', () => {
  const runner = new JobRunner();
  assert.equal(runner.start('a', 0), 'job-1');
  assert.equal(runner.start('b', 0), 'job-2');
});
