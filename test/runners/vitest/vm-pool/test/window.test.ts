import { expect, test } from 'vitest';
import { resetBeforeRetry } from '../src/window';

test('the timer armed first, with the longer delay, fires first after a 12 ms synchronous step', async () => {
  for (const order of await Promise.all([resetBeforeRetry(), resetBeforeRetry()])) expect(order).toEqual(['reset', 'retry']);
});

test('fails by design: the order is not empty', async () => {
  expect(await resetBeforeRetry()).toEqual([]);
});
