import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/dining-philosophers.ts';

// 004 §V-C: the online run, five philosophers (five tasks) at the table at once. Every philosopher
// must eat all its meals and leave its chopsticks free. A deadlock leaves every task waiting in
// Chopstick.pickup with nothing else pending, so this test's promise never settles and node:test
// fails it as soon as the event loop empties (the timeout is only a safety net).
test('five philosophers dine at the same time', { timeout: 5000 }, async () => {
  // The kitchen, stood in for by a promise of the test's own: a plate may take any time.
  const kitchen = { serve: (_philosopher: number) => Promise.resolve() };
  const philosophers = await main(5, 3, kitchen);
  assert.deepEqual(philosophers.map((p) => p.eaten), [3, 3, 3, 3, 3]);
  for (const philosopher of philosophers) {
    assert.equal(philosopher.left.taken, false);
    assert.equal(philosopher.right.taken, false);
  }
});
