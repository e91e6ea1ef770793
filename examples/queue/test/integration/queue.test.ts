import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Queue } from '../../src/queue.ts';

// 002 Figure 3: the sequential part pushes 1; thread t1 pops while thread t2 reads the top.
// Linearizations: pop; getqueuetop -> (1, null) and getqueuetop; pop -> (1, 1). Neither throws.
test('Figure 3: pop and getqueuetop at the same time', async () => {
  const tc = new Queue();
  await tc.push(1);
  const [pop, top] = await Promise.allSettled([tc.pop(), tc.getqueuetop()]);
  assert.equal(pop.status, 'fulfilled', `pop failed: ${pop.status === 'rejected' ? pop.reason : ''}`);
  assert.equal(top.status, 'fulfilled', `getqueuetop failed: ${top.status === 'rejected' ? top.reason : ''}`);
  assert.equal((pop as PromiseFulfilledResult<number | null>).value, 1);
  assert.ok([1, null].includes((top as PromiseFulfilledResult<number | null>).value));
  assert.equal(await tc.size(), 0);
});
