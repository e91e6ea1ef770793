/** One map() call: the items, the results in item order, and the index of the next item to take. */
interface Job<T, R> {
  items: readonly T[];
  fn: (item: T, index: number) => Promise<R>;
  results: R[];
  next: number;
}

/**
 * p-limit / p-map style: map items through an async function with at most `concurrency` calls
 * in flight. `concurrency` workers pull the next index from the job; taking an index (read and
 * increment) happens in one synchronous step, so no two workers take the same item.
 */
export class PromisePool {
  /** Calls in flight now, and the most there ever were. */
  active = 0;
  peak = 0;
  completed = 0;

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number ≥ 1, got ${concurrency}`);
  }

  async map<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const job: Job<T, R> = { items, fn, results: new Array<R>(items.length), next: 0 };
    const workers: Promise<void>[] = [];
    for (let i = 0; i < Math.min(this.concurrency, items.length); i++) workers.push(this.worker(job));
    await Promise.all(workers);
    return job.results;
  }

  private async worker<T, R>(job: Job<T, R>): Promise<void> {
    while (job.next < job.items.length) {
      const index = job.next++;
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      try {
        job.results[index] = await job.fn(job.items[index], index);
      } finally {
        this.active--;
        this.completed++;
      }
    }
  }
}
