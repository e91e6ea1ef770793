import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReportGenerator } from '../../src/report-generator.ts';

test('generate renders the report', async () => {
  const g = new ReportGenerator(100);
  assert.deepEqual(await g.generate('q1', 1), { status: 'done', report: '<report q1>' });
  assert.equal(g.busy(), false);
});

test('reports generated one after another all finish', async () => {
  const g = new ReportGenerator(100);
  for (const name of ['a', 'b', 'c']) await g.generate(name, 1);
  assert.deepEqual(g.finished, ['a', 'b', 'c']);
});

test('idle resolves at once when nothing renders', async () => {
  const g = new ReportGenerator(100);
  await g.idle();
  assert.equal(g.busy(), false);
});

test('shutdown with nobody waiting changes nothing', async () => {
  const g = new ReportGenerator(100);
  g.shutdown();
  assert.deepEqual(await g.generate('after', 1), { status: 'done', report: '<report after>' });
});
