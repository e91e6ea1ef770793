/** A mutex as a promise chain: each critical section starts when the previous one settled. */
export class ChainMutex {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(critical: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(() => {
      this.waiting--;
      return critical();
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  queued(): number {
    return this.waiting;
  }
}
