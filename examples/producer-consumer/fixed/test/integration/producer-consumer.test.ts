import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/producer-consumer.ts';

function ids(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

// 004 §V-D: the online run, with several producers and several consumers on one SyncStack. What a
// user can see holds under every interleaving — each WoTou is eaten exactly once and the buffer
// ends empty — even when a producer has (invisibly) put more than Max WoTou into the buffer.
test('two producers and two consumers share one SyncStack', { timeout: 5000 }, async () => {
  const { ss, eaten } = await main(2, 2, 20);
  assert.deepEqual(eaten.map((wt) => wt.id).sort((a, b) => a - b), ids(40));
  assert.equal(ss.index, 0);
});

test('three producers and three consumers share one SyncStack', { timeout: 5000 }, async () => {
  const { ss, eaten } = await main(3, 3, 10);
  assert.deepEqual(eaten.map((wt) => wt.id).sort((a, b) => a - b), ids(30));
  assert.equal(ss.index, 0);
});
