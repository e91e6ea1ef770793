import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SloClassifier } from '../../src/slo.ts';
import { bucketTotal, LatencyStats, report } from '../../src/latency-stats.ts';

test('a reporter reads the stats while requests record: every snapshot is consistent', async () => {
  const stats = new LatencyStats(new SloClassifier([['fast', 50], ['ok', 200]]));
  const requests = Array.from({ length: 8 }, (_, i) => new Promise((r) => setTimeout(r, i)).then(() => stats.record(20)));
  const [snapshots] = await Promise.all([report(stats, 0, 12), ...requests]);
  for (const snap of [...snapshots, stats.snapshot()]) {
    assert.equal(snap.totalMs, snap.count * 20, `total ${snap.totalMs} for ${snap.count} requests`);
    assert.equal(bucketTotal(snap), snap.count);
  }
  assert.equal(stats.snapshot().count, 8);
});
