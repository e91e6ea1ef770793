// A retry window: the reset timer is armed, the rest of the synchronous step runs (about 12 ms,
// read on the clock), then the retry timer. Node arms timers against the real clock.
export function resetBeforeRetry(): Promise<string[]> {
  return new Promise((resolve) => {
    const order: string[] = [];
    setTimeout(() => order.push('reset'), 5);
    const start = new Date();
    while (new Date().getTime() - start.getTime() < 6) { /* the first half, read on a Date */ }
    const half = Date.now();
    while (Date.now() - half < 6) { /* the second half, read on Date.now */ }
    setTimeout(() => { order.push('retry'); resolve(order); }, 1);
  });
}
