// A retry window: the reset timer is armed, the rest of the synchronous step runs (about 12 ms,
// read on the clock), then the retry timer. Node arms timers against the real clock.
export function resetBeforeRetry(): Promise<string[]> {
  return new Promise((resolve) => {
    const order: string[] = [];
    setTimeout(() => order.push('reset'), 5);
    const start = Date.now();
    while (Date.now() - start < 12) { /* the rest of the synchronous step */ }
    setTimeout(() => { order.push('retry'); resolve(order); }, 1);
  });
}

// The same step, its clock read through Date objects (getTime, and a subtraction: valueOf).
export function resetBeforeRetryByDates(): Promise<string[]> {
  return new Promise((resolve) => {
    const order: string[] = [];
    setTimeout(() => order.push('reset'), 5);
    const start = new Date();
    while (new Date().getTime() - start.getTime() < 6) { /* the first half */ }
    const half = new Date();
    while ((new Date() as unknown as number) - (half as unknown as number) < 6) { /* the second half */ }
    setTimeout(() => { order.push('retry'); resolve(order); }, 1);
  });
}
