import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReportGenerator } from '../../src/report-generator.ts';

test('a caller that waits longer than its budget is turned away, the holder finishes', async () => {
  const g = new ReportGenerator(20);
  const [slow, impatient] = await Promise.all([g.generate('slow', 300), g.generate('impatient', 1)]);
  assert.deepEqual(slow, { status: 'done', report: '<report slow>' });
  assert.deepEqual(impatient, { status: 'busy' });
  assert.deepEqual(g.finished, ['slow']);
  assert.deepEqual(await g.generate('later', 1), { status: 'done', report: '<report later>' });
});

test('callers within their budget are all served, one at a time', async () => {
  const g = new ReportGenerator(2000);
  const outcomes = await Promise.all(['a', 'b', 'c', 'd'].map((name) => g.generate(name, 2)));
  assert.deepEqual(outcomes.map((o) => o.status), ['done', 'done', 'done', 'done']);
  assert.equal(g.finished.length, 4);
  assert.equal(g.maxRendering, 1);
});

test('shutdown cancels the waiting callers but not the one rendering', async () => {
  const g = new ReportGenerator(5000);
  const holder = g.generate('holder', 300);
  const waiters = ['w1', 'w2', 'w3'].map((name) => g.generate(name, 1));
  await new Promise((resolve) => setImmediate(resolve));
  g.shutdown();
  assert.deepEqual(await Promise.all(waiters), [{ status: 'cancelled' }, { status: 'cancelled' }, { status: 'cancelled' }]);
  assert.deepEqual(await holder, { status: 'done', report: '<report holder>' });
  assert.deepEqual(g.finished, ['holder']);
  assert.equal(g.busy(), false);
});

test('idle waits for the report in progress', async () => {
  const g = new ReportGenerator(1000);
  const job = g.generate('nightly', 20);
  assert.equal(g.busy(), true);
  await g.idle();
  assert.deepEqual(g.finished, ['nightly']);
  assert.equal(g.busy(), false);
  assert.equal((await job).status, 'done');
});
