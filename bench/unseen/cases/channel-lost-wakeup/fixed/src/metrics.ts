/** Counts how often consumers had to wait; flushing a sample yields to the event loop. */
export class WaitMetrics {
  waits = 0;
  readonly samples: number[] = [];

  async recordWait(queueLength: number): Promise<void> {
    this.waits++;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.samples.push(queueLength);
  }
}
