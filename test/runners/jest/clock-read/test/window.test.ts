import { resetBeforeRetry, resetBeforeRetryByDates } from '../src/window.ts';

test('the timer armed first, with the longer delay, fires first after a 12 ms synchronous step', async () => {
  for (const order of await Promise.all([resetBeforeRetry(), resetBeforeRetry()])) expect(order).toEqual(['reset', 'retry']);
});

test('the same, the clock read by new Date()', async () => {
  for (const order of await Promise.all([resetBeforeRetryByDates(), resetBeforeRetryByDates()])) expect(order).toEqual(['reset', 'retry']);
});
