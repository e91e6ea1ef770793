import { resetBeforeRetry } from '../src/window.ts';

test('the timer armed first, with the longer delay, fires first after a 12 ms synchronous step', async () => {
  for (const order of await Promise.all([resetBeforeRetry(), resetBeforeRetry()])) expect(order).toEqual(['reset', 'retry']);
});
