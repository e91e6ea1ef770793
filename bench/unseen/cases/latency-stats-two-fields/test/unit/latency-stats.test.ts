import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SloClassifier } from '../../src/slo.ts';
import { bucketTotal, LatencyStats, mean } from '../../src/latency-stats.ts';

const classifier = () => new SloClassifier([['fast', 50], ['ok', 200]]);

test('classifier labels', async () => {
  assert.equal(await classifier().classify(10), 'fast');
  assert.equal(await classifier().classify(120), 'ok');
  assert.equal(await classifier().classify(900), 'breach');
});

test('record keeps count, total and buckets', async () => {
  const stats = new LatencyStats(classifier());
  for (const ms of [10, 40, 120, 900]) await stats.record(ms);
  const snap = stats.snapshot();
  assert.deepEqual(snap, { count: 4, totalMs: 1070, buckets: { fast: 2, ok: 1, breach: 1 } });
  assert.equal(mean(snap), 267.5);
  assert.equal(bucketTotal(snap), 4);
});
